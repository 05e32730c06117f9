import Playhead
import PlayheadCore
@testable import PlayheadFFmpeg
import Testing

/// CEA-608 captions read from captions.mp4 (gen-media.sh, made by
/// scripts/media/cea608-captions.c): "HELLO" 0.48-2.00 s and "WORLD" 2.48-3.48 s, carried in
/// the SEI of an H.264 stream with B-frames; ffmpeg's own caption reading gives these times.
@Suite struct CaptionFileTests {
    static let media = FFmpegPlaybackTests.media

    @Test func theCaptionsOfTheVideoStreamInDisplayOrder() throws {
        let track = try CaptionFile.read("\(Self.media)/captions.mp4", videoStream: 0)
        #expect(track.codec == "eia_608")
        #expect(track.schedule.cues.map(\.text) == ["HELLO", "WORLD"])
        #expect(track.schedule.cues.map(\.startMilliseconds) == [480, 2480])
        #expect(track.schedule.cues.map(\.endMilliseconds) == [2000, 3480])
        #expect(track.header.contains("[Script Info]"))
    }

    @Test func onlyAVideoStreamWithCaptionsIsOffered() throws {
        #expect(CaptionFile.videoStreamWithCaptions(in: "\(Self.media)/captions.mp4") == 0)
        #expect(CaptionFile.videoStreamWithCaptions(in: "\(Self.media)/h264_aac.mp4") == nil)
        #expect(CaptionFile.videoStreamWithCaptions(in: "\(Self.media)/tone.wav") == nil)
        #expect(throws: PlaybackError.self) { try CaptionFile.read("\(Self.media)/tone.wav", videoStream: 0) }
    }

    @Test func anItemWithCaptionsOffersThemAsASubtitleOption() throws {
        let source = try FFmpegBackend().open(MediaLocation("\(Self.media)/captions.mp4"), options: SourceOptions())
        defer { source.close() }
        let legible = try #require(source.info.selectionGroups.first { $0.characteristic == .legible })
        #expect(legible.options.map(\.trackID) == [2000])
        #expect(legible.options.first?.traits == .captions && legible.options.first?.codec == "eia_608")
        let plain = try FFmpegBackend().open(MediaLocation("\(Self.media)/h264_aac.mp4"), options: SourceOptions())
        defer { plain.close() }
        #expect(!plain.info.selectionGroups.contains { $0.characteristic == .legible })
    }
}
