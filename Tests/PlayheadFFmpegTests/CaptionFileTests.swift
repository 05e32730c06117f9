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

    /// captions708.mp4 (the same tool, its `708` mode): service 1 only, a pop-on caption with
    /// a Latin-1 letter and a music note, then a roll-up window of two rows.
    @Test func theCEA708ServiceOfTheVideoStreamInDisplayOrder() throws {
        let track = try CaptionFile.read("\(Self.media)/captions708.mp4", videoStream: 0, service: 1)
        #expect(track.codec == "cea_708")
        #expect(track.schedule.cues.map(\.text) == ["Caf\u{e9} \u{266A}", "LINE ONE", "LINE ONE\nLINE TWO"])
        #expect(track.schedule.cues.map(\.startMilliseconds) == [480, 2480, 3000])
        #expect(track.schedule.cues.map(\.endMilliseconds) == [2000, 3000, 3480])
        #expect(track.schedule.cues.first?.dialogue.contains("\\an2\\q2\\pos(192,236)") == true)
        #expect(track.header.contains("PlayResY: 288"))
        // Its service 2 is not there: nothing shows.
        #expect(try CaptionFile.read("\(Self.media)/captions708.mp4", videoStream: 0, service: 2).schedule.cues.isEmpty)
    }

    @Test func onlyAVideoStreamWithCaptionsIsOffered() throws {
        #expect(CaptionFile.captionKinds(in: "\(Self.media)/captions.mp4")?.options.map(\.trackID) == [2000])
        #expect(CaptionFile.captionKinds(in: "\(Self.media)/captions708.mp4")?.options.map(\.title) == ["CS1"])
        #expect(CaptionFile.captionKinds(in: "\(Self.media)/h264_aac.mp4") == nil)
        #expect(CaptionFile.captionKinds(in: "\(Self.media)/tone.wav") == nil)
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
