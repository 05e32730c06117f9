import PlayheadCore
@testable import PlayheadFFmpeg
import Testing

/// A video stream's captions fed as the film plays: captions.mp4's CC1 ("HELLO" 0.48-2.00 s,
/// "WORLD" 2.48-3.48 s) and captions708.mp4's service 1 ("Café ♪" 0.48-2.00 s, then the roll-up
/// window from 2.48 s), read a window at a time and again after a seek. Both clips have
/// B-frames: the pictures' captions come out of order and must be put back.
@Suite struct CaptionStreamFeedTests {
    static let media = FFmpegPlaybackTests.media

    @Test func cc1ComesAsFarAsAskedThenTheRest() throws {
        let feed = try CaptionStreamFeed(path: "\(Self.media)/captions.mp4", videoStream: 0, service: nil)
        #expect(feed.codec == "eia_608" && !feed.isBitmap)
        // By a picture after 2.1 s, "HELLO" has ended and "WORLD" has not begun.
        let first = try feed.read(until: 2100)
        #expect(first.cues.map(\.text) == ["HELLO"] && first.cues.map(\.endMilliseconds) == [2000])
        #expect(!first.ended && (first.lastStart ?? 0) > 2100 && (first.lastStart ?? .max) < 2500)
        let rest = try feed.read(until: 60_000)
        #expect(rest.cues.map(\.text) == ["WORLD"] && rest.cues.map(\.startMilliseconds) == [2480] && rest.ended)
    }

    @Test func aServiceReadAgainAfterASeekGivesItsLaterCues() throws {
        let feed = try CaptionStreamFeed(path: "\(Self.media)/captions708.mp4", videoStream: 0, service: 1)
        #expect(feed.codec == "cea_708" && feed.header.contains("PlayResX: 384"))
        let first = try feed.read(until: 2100)
        #expect(first.cues.map(\.text) == ["Caf\u{e9} \u{266A}"])
        // Back from the end to 2.5 s: the demuxer goes to the key picture at 2 s, before the
        // roll-up window is made; its two cues come again, the one before it does not.
        _ = try feed.read(until: 60_000)
        try feed.restart(at: 2500)
        let again = try feed.read(until: 60_000)
        #expect(again.cues.map(\.text) == ["LINE ONE", "LINE ONE\nLINE TWO"] && again.ended)
        #expect(again.cues.map(\.startMilliseconds) == [2480, 3000])
    }

    @Test func aStreamThatIsNotH264IsRefused() {
        #expect(throws: PlaybackError.self) { try CaptionStreamFeed(path: "\(Self.media)/tone.wav", videoStream: 0, service: nil) }
        #expect(throws: PlaybackError.self) { try CaptionStreamFeed(path: "\(Self.media)/captions.mp4", videoStream: 7, service: 1) }
    }
}
