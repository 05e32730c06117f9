import PlayheadCore
@testable import PlayheadFFmpeg
import Testing

/// A film's own subtitle stream fed as it plays: two_languages.mkv's SRT ("Hello" 0.521-2.021 s,
/// "World" 2.521-3.521 s, stream 3) and dvb_subtitles.mkv's display sets (stream 2, each
/// cleared by an empty one), read a window at a time and again after a seek.
@Suite struct SubtitleStreamFeedTests {
    static let media = FFmpegPlaybackTests.media

    @Test func textCuesComeAsFarAsAskedAndTheEndIsSaid() throws {
        let feed = try SubtitleStreamFeed(path: "\(Self.media)/two_languages.mkv", stream: 3)
        #expect(feed.codec == "subrip" && !feed.isBitmap && feed.header.contains("[Script Info]"))
        // Asked for the first half second: it reads on to the first cue that starts later.
        let first = try feed.read(until: 500)
        #expect(first.cues.map(\.text) == ["Hello"])
        #expect(first.lastStart == 521 && !first.ended)
        // No cue starts after 3 s: it reads to the end.
        let rest = try feed.read(until: 3000)
        #expect(rest.cues.map(\.text) == ["World"])
        #expect(rest.cues.map(\.durationMilliseconds) == [1000])
        #expect(rest.ended)
        // Asked again past the end: nothing twice.
        let end = try feed.read(until: 60_000)
        #expect(end.cues.isEmpty && end.ended, "\(end)")
        // A seek back: the same cues come again from a new decoder.
        try feed.restart(at: 0)
        let again = try feed.read(until: 60_000)
        #expect(again.cues.map(\.text) == ["Hello", "World"] && again.ended)
    }

    @Test func aDisplaySetIsHandedOnOnceItsClearIsRead() throws {
        let feed = try SubtitleStreamFeed(path: "\(Self.media)/dvb_subtitles.mkv", stream: 2)
        #expect(feed.isBitmap && feed.codec == "dvb_subtitle")
        // The first set starts at 521 ms and stays open until the empty set at 2021 ends it.
        let first = try feed.read(until: 1000)
        #expect(first.cues.map(\.startMilliseconds) == [521])
        #expect(first.cues.map(\.endMilliseconds) == [2021])
        #expect(first.lastStart == 2021)
        let rest = try feed.read(until: 60_000)
        #expect(rest.cues.map(\.startMilliseconds) == [2521] && rest.cues.map(\.endMilliseconds) == [3521] && rest.ended)
    }

    @Test func aStreamThatIsNotSubtitlesIsRefused() {
        #expect(throws: PlaybackError.self) { try SubtitleStreamFeed(path: "\(Self.media)/two_languages.mkv", stream: 0) }
        #expect(throws: PlaybackError.self) { try SubtitleStreamFeed(path: "\(Self.media)/two_languages.mkv", stream: 99) }
    }
}
