/// The answer of a non-blocking pull from a source's decoded queue. Running dry and ending are
/// values, not errors: the engine decides what they mean (stall, end of item).
public enum SourcePull<Element: Sendable>: Sendable {
    case element(Element)
    /// Nothing decoded yet; the source calls its wake handler when that changes.
    case pending
    case endOfStream
    case failed(PlaybackError)
}
