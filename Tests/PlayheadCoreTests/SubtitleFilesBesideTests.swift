import PlayheadCore
import Testing

@Suite struct SubtitleFilesBesideTests {
    @Test func filesNamedAfterTheMediaAreOfferedWithTheirLanguageAndKinds() {
        let names = ["film.mkv", "film.srt", "film.en.srt", "film.fr.forced.vtt", "film.de.sdh.ASS", "film.final.srt",
                     "film.en.txt", "other.en.srt", "film.mkv.srt", "films.en.srt"]
        let options = SubtitleFilesBeside.options(mediaName: "film.mkv", folder: "/media", names: names)
        #expect(options.map(\.file) == ["/media/film.de.sdh.ASS", "/media/film.en.srt", "/media/film.final.srt",
                                        "/media/film.fr.forced.vtt", "/media/film.mkv.srt", "/media/film.srt"])
        #expect(options.map(\.languageCode) == ["de", "en", nil, "fr", nil, nil])
        #expect(options.map(\.traits) == [.hearingImpaired, [], [], .forced, [], []])
        #expect(options.map(\.codec) == ["ass", "subrip", "subrip", "webvtt", "subrip", "subrip"])
        #expect(options.map(\.trackID) == Array(1000..<1006))
        #expect(options.allSatisfy { $0.characteristic == .legible })
        #expect(options[1].displayName == "en from film.en.srt")
    }

    @Test func aFolderOfThousandsGivesABoundedList() {
        let names = (0..<5000).map { "clip.\($0).srt" }
        #expect(SubtitleFilesBeside.options(mediaName: "clip.mp4", folder: ".", names: names).count == SubtitleFilesBeside.most)
        #expect(SubtitleFilesBeside.options(mediaName: "noextension", folder: ".", names: ["noextension.srt"]).isEmpty)
    }

    @Test func filesJoinTheSubtitleGroupOrMakeOne() {
        let file = SubtitleFilesBeside.options(mediaName: "a.mp4", folder: "/m", names: ["a.en.srt"])
        let sound = MediaSelectionGroup(characteristic: .audible, options: [])
        let made = SubtitleFilesBeside.adding(file, to: [sound])
        #expect(made.map(\.characteristic) == [.audible, .legible])
        #expect(made[1].options == file)
        #expect(SubtitleFilesBeside.adding([], to: [sound]) == [sound])
    }
}
