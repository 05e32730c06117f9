import Foundation
import PlayheadCore
@testable import PlayheadFFmpeg
import Testing

/// A file's captions are looked for once per version of it: a playlist that loops opens it again
/// without a second read; a file copied over is looked at anew.
@Suite struct CaptionProbeMemoTests {
    static let media = FFmpegPlaybackTests.media

    /// A copy of `name` in a folder of its own, removed by the caller.
    func copy(_ name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playhead-memo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("item.mp4").path
        try FileManager.default.copyItem(atPath: "\(Self.media)/\(name)", toPath: path)
        return path
    }

    func info(_ path: String) throws -> MediaInfo {
        let source = try FFmpegBackend().open(MediaLocation(path), options: SourceOptions())
        defer { source.close() }
        return source.info
    }

    @Test func anUnchangedFileIsLookedAtOnceAndAReplacedOneAgain() throws {
        let path = try copy("captions.mp4")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let memo = CaptionProbeMemo()
        let location = try MediaLocation(path)
        let media = try info(path)
        for _ in 0..<3 { #expect(FFmpegSource.captions(of: location, info: media, memo: memo).map(\.trackID) == [2000]) }
        #expect(memo.lookCount == 1)
        // The same name, other content: no captions now, and found so.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: "\(Self.media)/h264_aac.mp4", toPath: path)
        #expect(FFmpegSource.captions(of: location, info: try info(path), memo: memo).isEmpty)
        #expect(memo.lookCount == 2)
    }

    @Test func onlyH264VideoIsLookedAt() throws {
        let memo = CaptionProbeMemo()
        for name in ["tone.wav", "vp9_opus.webm"] {
            let path = "\(Self.media)/\(name)"
            #expect(FFmpegSource.captions(of: try MediaLocation(path), info: try info(path), memo: memo).isEmpty)
        }
        #expect(memo.lookCount == 0)
    }

    @Test func pastItsCapacityTheOldestAreForgotten() throws {
        let memo = CaptionProbeMemo(capacity: 2)
        let paths = ["h264_aac.mp4", "captions.mp4", "video_only.mp4"].map { "\(Self.media)/\($0)" }
        for p in paths { _ = memo.captions(in: p) { _ in nil } }
        _ = memo.captions(in: paths[2]) { _ in nil }
        #expect(memo.lookCount == 3)
        _ = memo.captions(in: paths[0]) { _ in nil }
        #expect(memo.lookCount == 4)
    }
}
