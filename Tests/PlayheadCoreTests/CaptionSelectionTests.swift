import PlayheadCore
import Testing

/// The `captions` preference (AVFoundation's transcribesSpokenDialogForAccessibility): captions
/// or subtitles for the hard of hearing where the item has them, in a preferred language first.
@Suite struct CaptionSelectionTests {
    typealias Film = MediaSelectionTests

    @Test func captionsWinInThePreferredLanguageThenAny() {
        let groups = Film.groups
        // The film's English SDH subtitles (track 6), before its plain English ones.
        let english = MediaSelectionCriteria(subtitleLanguages: ["en"], prefersCaptions: true).automaticSelection(for: groups)
        #expect(english.legible?.trackID == 6)
        // No preferred language has them: the ones there are.
        let german = MediaSelectionCriteria(subtitleLanguages: ["de"], prefersCaptions: true).automaticSelection(for: groups)
        #expect(german.legible?.trackID == 6)
        // Without the preference, German subtitles as asked.
        #expect(MediaSelectionCriteria(subtitleLanguages: ["de"]).automaticSelection(for: groups).legible?.trackID == 5)
    }

    @Test func aVideosCaptionsAreChosenAndNothingWhenThereAreNone() {
        let captions = MediaSelectionGroup(characteristic: .legible, options: [CaptionData.option(videoStream: 0)])
        #expect(MediaSelectionCriteria(prefersCaptions: true).automaticSelection(for: [captions]).legible?.trackID == 2000)
        #expect(MediaSelectionCriteria().automaticSelection(for: [captions]).legible == nil)
        let plain = MediaSelectionGroup(characteristic: .legible, options: [MediaSelectionOption(track: Film.track(3, .subtitle, "eng"))!])
        #expect(MediaSelectionCriteria(prefersCaptions: true).automaticSelection(for: [plain]).legible == nil)
    }
}
