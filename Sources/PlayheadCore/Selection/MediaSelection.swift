/// What an item plays of each group: one sound option, and a subtitle option or none.
public struct MediaSelection: Sendable, Hashable {
    public var audible: MediaSelectionOption?
    public var legible: MediaSelectionOption?

    public init(audible: MediaSelectionOption? = nil, legible: MediaSelectionOption? = nil) {
        self.audible = audible
        self.legible = legible
    }

    /// After the sound changed to another language: forced subtitles, which were there for the
    /// old sound's foreign lines, follow it (the new language's forced ones, or none); other
    /// subtitles stay.
    public func subtitlesFollowingSound(in groups: [MediaSelectionGroup]) -> MediaSelection {
        guard legible == nil || legible?.traits.contains(.forced) == true,
              let group = groups.first(where: { $0.characteristic == .legible }) else { return self }
        var next = self
        next.legible = audible?.languageCode.flatMap { code in
            group.options(inLanguage: code).first { $0.traits.contains(.forced) }
        }
        return next
    }

    public subscript(characteristic: MediaCharacteristic) -> MediaSelectionOption? {
        get { characteristic == .audible ? audible : legible }
        set { if characteristic == .audible { audible = newValue } else { legible = newValue } }
    }
}
