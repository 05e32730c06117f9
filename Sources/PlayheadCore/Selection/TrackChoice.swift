/// What `track audio|subtitles ...` asks for: a language, a track by its number, or none.
public enum TrackChoice: Sendable, Hashable {
    case language(String)
    case track(Int)
    case off

    /// The option of `group` this choice means (nil: none), or why there is none.
    public func option(in group: MediaSelectionGroup) -> Result<MediaSelectionOption?, SelectionRefusal> {
        let word = group.characteristic.consoleWord
        switch self {
        case .off:
            guard group.allowsEmptySelection else {
                return .failure(SelectionRefusal("sound cannot be off; use mute"))
            }
            return .success(nil)
        case .track(let id):
            guard let option = group.option(trackID: id) else {
                return .failure(SelectionRefusal("track \(id) is not one of the \(word) tracks (\(group.options.map { "\($0.trackID)" }.joined(separator: ", "))); `tracks` lists them"))
            }
            return .success(option)
        case .language(let code):
            // Forced subtitles are for a language's foreign lines, not the language's own.
            let options = group.options(inLanguage: code)
            guard let option = options.first(where: { !$0.traits.contains(.forced) }) ?? options.first else {
                let offered = Set(group.options.compactMap(\.languageCode)).sorted()
                return .failure(SelectionRefusal("no \(word) in '\(code)'; this item has \(offered.isEmpty ? "no language marked" : offered.joined(separator: ", "))"))
            }
            return .success(option)
        }
    }
}
