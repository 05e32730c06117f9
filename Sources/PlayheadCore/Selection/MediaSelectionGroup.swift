/// The options of one kind an item offers, of which at most one plays (AVMediaSelectionGroup).
public struct MediaSelectionGroup: Sendable, Hashable {
    public var characteristic: MediaCharacteristic
    public var options: [MediaSelectionOption]

    public init(characteristic: MediaCharacteristic, options: [MediaSelectionOption]) {
        self.characteristic = characteristic
        self.options = options
    }

    /// The item's groups, from what its container says; a kind with no track has no group.
    public static func groups(of info: MediaInfo) -> [MediaSelectionGroup] {
        let options = info.tracks.compactMap(MediaSelectionOption.init(track:))
        return MediaCharacteristic.allCases.compactMap { c in
            let mine = options.filter { $0.characteristic == c }
            return mine.isEmpty ? nil : MediaSelectionGroup(characteristic: c, options: mine)
        }
    }

    /// Sound always plays one option; subtitles may show none.
    public var allowsEmptySelection: Bool { characteristic == .legible }

    /// What plays when nobody chose: the container's marked track, else for sound the first
    /// that is not special (commentary, description); subtitles show none unless marked.
    public var defaultOption: MediaSelectionOption? {
        if let marked = options.first(where: { $0.traits.contains(.main) && !$0.traits.contains(.forced) }) {
            return marked
        }
        guard characteristic == .audible else { return nil }
        return options.first { $0.traits.isDisjoint(with: TrackTraits.special) } ?? options.first
    }

    public func option(trackID: Int) -> MediaSelectionOption? {
        options.first { $0.trackID == trackID }
    }

    /// The options in `language` (any of its spellings), the plain ones (not commentary,
    /// captions...) first, and among those the container's marked one first.
    public func options(inLanguage language: String) -> [MediaSelectionOption] {
        let code = LanguageCode.normalized(language)
        let matching = options.filter { $0.languageCode == code }
        func rank(_ o: MediaSelectionOption) -> Int {
            (o.traits.isDisjoint(with: TrackTraits.special) ? 0 : 2) + (o.traits.contains(.main) ? 0 : 1)
        }
        return matching.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }
}
