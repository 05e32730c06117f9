import Foundation
import PlayheadCore
@testable import PlayheadFFmpeg
import Testing

/// Text subtitles read by FFmpeg's decoders: an SRT file beside the media and the same SRT
/// muxed into two_languages.mkv (gen-media.sh: "Hello" 0.5-2.0 s, "World" 2.5-3.5 s).
@Suite struct SubtitleFileTests {
    static let media = FFmpegPlaybackTests.media

    @Test func anSRTFileBesideTheMediaGivesItsCuesAndAHeader() throws {
        let track = try SubtitleFile.read("\(Self.media)/two_languages.en.srt")
        #expect(track.codec == "subrip")
        #expect(track.schedule.cues.map(\.text) == ["Hello", "World"])
        #expect(track.schedule.cues.map(\.startMilliseconds) == [500, 2500])
        #expect(track.schedule.cues.map(\.durationMilliseconds) == [1500, 1000])
        #expect(track.header.contains("[Script Info]"), "\(track.header)")
    }

    @Test func aWebVTTFileBesideTheMedia() throws {
        let track = try SubtitleFile.read("\(Self.media)/two_languages.fr.vtt")
        #expect(track.codec == "webvtt")
        #expect(track.schedule.cues.map(\.text) == ["Bonjour", "le monde"])
        #expect(track.schedule.cues.map(\.startMilliseconds) == [500, 2500])
        #expect(track.schedule.cues.map(\.endMilliseconds) == [2000, 3500])
    }

    @Test func theSubtitleStreamOfAMatroskaFile() throws {
        let track = try SubtitleFile.read("\(Self.media)/two_languages.mkv")
        #expect(track.schedule.cues.map(\.text) == ["Hello", "World"])
        // FFmpeg's muxer put the cues 21 ms later, with the video's first frame (ffprobe: 0.521).
        #expect(track.schedule.cues.map(\.startMilliseconds) == [521, 2521])
        #expect(track.schedule.cues.map(\.endMilliseconds) == [2021, 3521])
    }

    @Test func aFilmsOwnStreamIsNotHeldToASubtitleFilesSize() throws {
        // two_languages.mkv is far over 1 KB: its stream is read; the SRT file alone is not.
        #expect(try SubtitleFile.read("\(Self.media)/two_languages.mkv", stream: 3, limit: 1024).schedule.cues.count == 2)
        #expect(throws: PlaybackError.self) { try SubtitleFile.read("\(Self.media)/two_languages.en.srt", limit: 10) }
    }

    @Test func aFileWithoutSubtitlesOrTooLargeIsRefusedInOneLine() throws {
        #expect(throws: PlaybackError.self) { try SubtitleFile.read("\(Self.media)/tone.wav") }
        #expect(throws: PlaybackError.self) { try SubtitleFile.read("\(Self.media)/missing.srt") }
        let big = FileManager.default.temporaryDirectory.appendingPathComponent("playhead-big-\(getpid()).srt").path
        FileManager.default.createFile(atPath: big, contents: Data(count: SubtitleFile.maxBytes + 1))
        defer { try? FileManager.default.removeItem(atPath: big) }
        do {
            _ = try SubtitleFile.read(big)
            Issue.record("a file over the limit was read")
        } catch {
            #expect(error.message.contains("too large for subtitles"), "\(error.message)")
        }
    }
}
