import PlayheadCore
import Testing

/// Automatic selection as AVFoundation's criteria make it: the first preferred language the
/// item has, else its default; subtitles follow the sound's language for forced ones only.
@Suite struct MediaSelectionTests {
    static func track(_ id: Int, _ type: MediaType, _ language: String?, _ traits: TrackTraits = [], title: String? = nil) -> TrackInfo {
        var t = TrackInfo(trackID: id, mediaType: type, codec: type == .audio ? "aac" : "subrip", language: language)
        t.traits = traits
        t.title = title
        return t
    }

    static let film = MediaInfo(tracks: [
        track(0, .video, nil),
        track(1, .audio, "eng", .main, title: "English"),
        track(2, .audio, "fre"),
        track(3, .audio, "eng", .commentary, title: "Director"),
        track(4, .subtitle, "fre", .forced),
        track(5, .subtitle, "ger"),
        track(6, .subtitle, "eng", .hearingImpaired),
        track(7, .subtitle, "eng"),
    ], duration: .zero, isSeekable: true, isLocal: true, formatName: "matroska")

    static var groups: [MediaSelectionGroup] { MediaSelectionGroup.groups(of: film) }
    static func group(_ c: MediaCharacteristic) -> MediaSelectionGroup { groups.first { $0.characteristic == c }! }

    @Test func languageCodesOfEverySpellingAreOne() {
        #expect(LanguageCode.normalized("ger") == "de")
        #expect(LanguageCode.normalized("deu") == "de")
        #expect(LanguageCode.normalized("DE-at") == "de")
        #expect(LanguageCode.normalized("fre") == "fr")
        #expect(LanguageCode.normalized("pt_BR") == "pt")
        #expect(LanguageCode.normalized("tlh") == "tlh", "a code not in the table is kept as written")
        #expect(LanguageCode.same("chi", "zh-Hant"))
        #expect(!LanguageCode.same("en", "fr"))
        #expect(LanguageCode.isWellFormed("pt-BR") && LanguageCode.isWellFormed("eng"))
        #expect(!LanguageCode.isWellFormed("e") && !LanguageCode.isWellFormed("en;rm") && !LanguageCode.isWellFormed("12"))
    }

    @Test func groupsHoldEveryTrackOfTheirKindInOrder() {
        #expect(Self.groups.map(\.characteristic) == [.audible, .legible])
        #expect(Self.group(.audible).options.map(\.trackID) == [1, 2, 3])
        #expect(Self.group(.legible).options.map(\.trackID) == [4, 5, 6, 7])
        #expect(!Self.group(.audible).allowsEmptySelection && Self.group(.legible).allowsEmptySelection)
        #expect(Self.group(.audible).option(trackID: 3)?.displayName == "en \"Director\" (commentary)")
    }

    @Test func thePreferredLanguageFoundFirstPlays() {
        let s = MediaSelectionCriteria(audioLanguages: ["it", "fr", "en"]).automaticSelection(for: Self.groups)
        #expect(s.audible?.trackID == 2, "Italian is not there; French is")
    }

    @Test func withinALanguageThePlainTrackComesBeforeCommentary() {
        let s = MediaSelectionCriteria(audioLanguages: ["en"]).automaticSelection(for: Self.groups)
        #expect(s.audible?.trackID == 1)
    }

    @Test func withoutAMatchTheMarkedDefaultPlays() {
        let s = MediaSelectionCriteria(audioLanguages: ["ja"]).automaticSelection(for: Self.groups)
        #expect(s.audible?.trackID == 1)
        let unmarked = MediaInfo(tracks: [Self.track(1, .audio, "eng", .commentary), Self.track(2, .audio, "eng")],
                                 duration: .zero, isSeekable: true, isLocal: true, formatName: "x")
        #expect(MediaSelectionCriteria.none.automaticSelection(for: MediaSelectionGroup.groups(of: unmarked)).audible?.trackID == 2,
                "nothing marked: the first that is not commentary")
    }

    @Test func subtitlesInAPreferredLanguageShowAndForcedOnesAreNotThatLanguage() {
        let s = MediaSelectionCriteria(subtitleLanguages: ["fr", "de"]).automaticSelection(for: Self.groups)
        #expect(s.legible?.trackID == 5, "the French ones are forced only: German is the first full subtitles")
        let en = MediaSelectionCriteria(subtitleLanguages: ["en"]).automaticSelection(for: Self.groups)
        #expect(en.legible?.trackID == 7, "the plain English before the hearing-impaired")
    }

    @Test func withoutSubtitleLanguagesOnlyForcedOnesInTheSoundsLanguageShow() {
        #expect(MediaSelectionCriteria.none.automaticSelection(for: Self.groups).legible == nil, "English sound, French forced: none")
        let french = MediaSelectionCriteria(audioLanguages: ["fr"]).automaticSelection(for: Self.groups)
        #expect(french.legible?.trackID == 4, "French sound: its forced French subtitles")
        let unmatched = MediaSelectionCriteria(audioLanguages: ["fr"], subtitleLanguages: ["ja"]).automaticSelection(for: Self.groups)
        #expect(unmatched.legible?.trackID == 4)
    }

    @Test func forcedSubtitlesFollowTheSoundAndOthersStay() {
        let groups = Self.groups
        var s = MediaSelectionCriteria(audioLanguages: ["fr"]).automaticSelection(for: groups)
        #expect(s.legible?.trackID == 4)
        s.audible = Self.group(.audible).option(trackID: 1)
        #expect(s.subtitlesFollowingSound(in: groups).legible == nil, "English sound: no forced English here, so none")
        var german = s
        german.legible = Self.group(.legible).option(trackID: 5)
        #expect(german.subtitlesFollowingSound(in: groups).legible?.trackID == 5, "full subtitles someone reads stay")
        var back = s
        back.legible = nil
        back.audible = Self.group(.audible).option(trackID: 2)
        #expect(back.subtitlesFollowingSound(in: groups).legible?.trackID == 4, "French sound again: its forced subtitles")
    }

    @Test func choicesByLanguageNumberOrOff() throws {
        let audio = Self.group(.audible), subs = Self.group(.legible)
        #expect(try TrackChoice.language("fra").option(in: audio).get()?.trackID == 2)
        #expect(try TrackChoice.track(3).option(in: audio).get()?.trackID == 3)
        #expect(try TrackChoice.off.option(in: subs).get() == nil)
        #expect(try TrackChoice.language("fr").option(in: subs).get()?.trackID == 4, "forced is all there is in French")
        guard case .failure(let off) = TrackChoice.off.option(in: audio) else { Issue.record("sound off was taken"); return }
        #expect(off.message.contains("mute"))
        guard case .failure(let missing) = TrackChoice.language("ja").option(in: audio) else { Issue.record("ja was found"); return }
        #expect(missing.message == "no audio in 'ja'; this item has en, fr")
        guard case .failure(let number) = TrackChoice.track(9).option(in: subs) else { Issue.record("track 9 was found"); return }
        #expect(number.message.contains("4, 5, 6, 7"))
    }

    @Test func theConsoleReadsTrackCommands() throws {
        #expect(try CommandGrammar.parse("track audio fr").get() == .track(.audible, .language("fr")))
        #expect(try CommandGrammar.parse("track subtitles off").get() == .track(.legible, .off))
        #expect(try CommandGrammar.parse("track audio 2").get() == .track(.audible, .track(2)))
        #expect(try CommandGrammar.parse("tracks").get() == .tracks)
        for bad in ["track", "track video fr", "track audio fr;rm", "track audio -1", "tracks all"] {
            guard case .failure(let e) = CommandGrammar.parse(bad) else { Issue.record("'\(bad)' was taken"); continue }
            #expect(e.message.contains("usage"), "\(bad): \(e.message)")
        }
    }

    @Test func languageListsAreCheckedCodeByCode() throws {
        #expect(try MediaSelectionCriteria.languages(" fr, de-AT ,,en") == ["fr", "de-AT", "en"])
        #expect(throws: OptionError(message: "'français' is not a language code; give codes like fr, de or pt-BR, comma-separated")) {
            try MediaSelectionCriteria.languages("fr,français")
        }
    }
}
