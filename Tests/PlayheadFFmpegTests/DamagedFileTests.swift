import Foundation
import Playhead
import PlayheadCore
import PlayheadFFmpeg
import PlayheadTestSupport
import Testing

/// A corpus of damaged files made from the test clips (cut short, bytes flipped at random,
/// empty, a wrong extension, random bytes), played in one queue: each item either plays to its
/// end or fails with a message naming it, the queue goes on, and nothing crashes or hangs.
@Suite(.timeLimit(.minutes(3))) struct DamagedFileTests {
    static let media = FFmpegPlaybackTests.media

    /// Writes the corpus into `dir`; the same files on every run (a seeded generator).
    static func makeCorpus(in dir: String) throws -> [String] {
        var rng = SplitMix64(seed: 42)
        var paths: [String] = []
        func write(_ name: String, _ data: Data) throws {
            let path = "\(dir)/\(name)"
            try data.write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        for clip in ["h264_aac.mp4", "vp9_opus.webm", "mpeg2_mp2.ts", "audio_only.mp3", "vfr.mkv"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(media)/\(clip)"))
            for fraction in [0.05, 0.5, 0.9] {
                try write("cut\(Int(fraction * 100))-\(clip)", data.prefix(Int(Double(data.count) * fraction)))
            }
            for round in 0..<6 {
                var bytes = [UInt8](data)
                // From a few flipped bytes to many, anywhere (headers included).
                for _ in 0..<(4 << round) { bytes[Int(rng.next() % UInt64(bytes.count))] ^= UInt8(truncatingIfNeeded: rng.next() | 1) }
                try write("flip\(round)-\(clip)", Data(bytes))
            }
        }
        try write("empty.mp4", Data())
        try write("ts-named.mp4", try Data(contentsOf: URL(fileURLWithPath: "\(media)/mpeg2_mp2.ts")))
        try write("wav-named.mkv", try Data(contentsOf: URL(fileURLWithPath: "\(media)/tone.wav")))
        try write("random.mp4", Data((0..<65_536).map { _ in UInt8(truncatingIfNeeded: rng.next()) }))
        return paths
    }

    @Test func everyDamagedFileEndsOnceAndTheQueueGoesOn() async throws {
        try #require(FileManager.default.fileExists(atPath: "\(Self.media)/h264_aac.mp4"), "run `make media` first")
        let dir = NSTemporaryDirectory() + "playhead-damaged-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let corpus = try Self.makeCorpus(in: dir)
        let last = "\(Self.media)/tiny.mp4"
        let h = PlayerHarness(urls: corpus + [last], backend: FFmpegBackend(), stepped: false)
        h.player.play()
        #expect(await h.waitUntilQueueEnds(seconds: 150), "the queue did not end")
        var played = 0, failed = 0
        for path in corpus {
            let ends = h.events.filter { $0.item?.asset.url == path }
            let playedToEnd = ends.filter { $0.name == "didPlayToEndTime" }.count
            let failures = ends.compactMap { e -> PlaybackError? in if case .failedToPlayToEndTime(let err) = e.kind { return err }; return nil }
            #expect(playedToEnd + failures.count == 1, "\(path): played \(playedToEnd), failed \(failures.count)")
            for f in failures { #expect(f.message.contains((path as NSString).lastPathComponent), "\(f.message)") }
            played += playedToEnd
            failed += failures.count
        }
        #expect(h.events.contains { $0.name == "didPlayToEndTime" && $0.item?.asset.url == last })
        print("damaged files: \(corpus.count) in the corpus; \(played) played to an end, \(failed) failed with a message")
    }
}
