/// Where one pass of an item stands between its start and its end, as announced: before its
/// first picture (the one `readyForDisplay` is about, and the one a paused start shows), then
/// showing, then its end (or, played in reverse, its start) announced. A seek starts it over.
public enum SegmentPhase: Sendable, Hashable {
    case awaitingFirstPicture
    case showing
    case ended

    public var awaitsFirstPicture: Bool { self == .awaitingFirstPicture }
    public var hasEnded: Bool { self == .ended }

    /// A picture of it was handed to the display.
    public mutating func pictureShown() {
        if self == .awaitingFirstPicture { self = .showing }
    }
}
