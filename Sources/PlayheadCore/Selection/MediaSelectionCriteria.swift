/// The languages a player prefers for each kind, most wanted first (AVPlayerMediaSelection-
/// Criteria): what an item selects when it opens, unless someone chose for it.
public struct MediaSelectionCriteria: Sendable, Hashable {
    public var audioLanguages: [String]
    public var subtitleLanguages: [String]
    /// Captions, or subtitles for the hard of hearing, where an item has them (AVFoundation's
    /// accessibility characteristic, transcribesSpokenDialogForAccessibility): in a preferred
    /// language if one has them, else any.
    public var prefersCaptions: Bool

    public init(audioLanguages: [String] = [], subtitleLanguages: [String] = [], prefersCaptions: Bool = false) {
        self.audioLanguages = audioLanguages
        self.subtitleLanguages = subtitleLanguages
        self.prefersCaptions = prefersCaptions
    }

    public static let none = MediaSelectionCriteria()

    /// Reads a comma-separated list ("fr,en", "de-AT, en"); throws naming the first code that
    /// no language could have (the caller says which option it was).
    public static func languages(_ list: String) throws(OptionError) -> [String] {
        let codes = list.split(separator: ",").map(\.trimmed).filter { !$0.isEmpty }
        for code in codes where !LanguageCode.isWellFormed(code) {
            throw OptionError(message: "'\(code)' is not a language code; give codes like fr, de or pt-BR, comma-separated")
        }
        return codes
    }

    /// What an item with these groups plays when nobody chose: the first preferred language
    /// that it has, else its default. Subtitles then follow the sound: with no preferred
    /// language found, forced subtitles in the sound's language show (its foreign lines), else
    /// none unless the container marks one and no language was asked for.
    public func automaticSelection(for groups: [MediaSelectionGroup]) -> MediaSelection {
        var selection = MediaSelection()
        if let audible = groups.first(where: { $0.characteristic == .audible }) {
            selection.audible = audioLanguages.lazy.compactMap { audible.options(inLanguage: $0).first }.first
                ?? audible.defaultOption
        }
        if let legible = groups.first(where: { $0.characteristic == .legible }) {
            let wanted = subtitleLanguages.lazy.compactMap {
                legible.options(inLanguage: $0).first { !$0.traits.contains(.forced) }
            }.first
            let forced = selection.audible?.languageCode.flatMap { code in
                legible.options(inLanguage: code).first { $0.traits.contains(.forced) }
            }
            let forHearing = legible.options.filter { !$0.traits.isDisjoint(with: [.captions, .hearingImpaired]) }
            let captions = prefersCaptions
                ? subtitleLanguages.lazy.compactMap { code in forHearing.first { $0.languageCode == LanguageCode.normalized(code) } }.first
                    ?? forHearing.first
                : nil
            selection.legible = captions ?? wanted ?? forced ?? (subtitleLanguages.isEmpty ? legible.defaultOption : nil)
        }
        return selection
    }
}
