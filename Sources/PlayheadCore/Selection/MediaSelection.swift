/// What an item plays of each group: one sound option, and a subtitle option or none.
public struct MediaSelection: Sendable, Hashable {
    public var audible: MediaSelectionOption?
    public var legible: MediaSelectionOption?

    public init(audible: MediaSelectionOption? = nil, legible: MediaSelectionOption? = nil) {
        self.audible = audible
        self.legible = legible
    }

    public subscript(characteristic: MediaCharacteristic) -> MediaSelectionOption? {
        get { characteristic == .audible ? audible : legible }
        set { if characteristic == .audible { audible = newValue } else { legible = newValue } }
    }
}
