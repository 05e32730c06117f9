import Playhead
import PlayheadCore
@testable import PlayheadFFmpeg
import Testing

/// Subtitles in MP4 (mov_text), as phones and editors write them: two_languages_mp4.mp4
/// (gen-media.sh) holds two_languages.mkv's forced English track and the French WebVTT file's
/// cues as a normal track.
@Suite struct MP4SubtitleTests {
    static let file = "\(FFmpegPlaybackTests.media)/two_languages_mp4.mp4"

    @Test func bothTracksAreOfferedWithLanguageAndKind() throws {
        let source = try FFmpegBackend().open(MediaLocation(Self.file), options: SourceOptions())
        defer { source.close() }
        let legible = try #require(source.info.selectionGroups.first { $0.characteristic == .legible })
        #expect(legible.options.map(\.trackID) == [3, 4])
        #expect(legible.options.map(\.languageCode) == ["en", "fr"])
        #expect(legible.options.map { $0.traits.contains(.forced) } == [true, false])
        #expect(legible.options.allSatisfy { $0.codec == "mov_text" && $0.file == nil })
    }

    @Test func eachTracksCuesAreRead() throws {
        let english = try SubtitleFile.read(Self.file, stream: 3)
        #expect(english.codec == "mov_text")
        #expect(english.schedule.cues.map(\.text) == ["Hello", "World"])
        let french = try SubtitleFile.read(Self.file, stream: 4)
        #expect(french.schedule.cues.map(\.text) == ["Bonjour", "le monde"])
        // Each cue keeps its length (1.5 s and 1 s) wherever the muxer started it.
        #expect(english.schedule.cues.map(\.durationMilliseconds) == [1500, 1000])
        #expect(french.schedule.cues.map(\.durationMilliseconds) == [1500, 1000])
    }
}
