/// How far one stream of an item (its pictures or its sound) has been read since the item was
/// opened or last sought: one value, where the engine once kept an end-of-stream flag and the
/// latest end apart and had to reset both together at every seek.
public enum StreamPhase: Sendable, Hashable {
    /// More may come; `end` is the latest end of what came (nil: nothing yet).
    case reading(end: MediaTime?)
    /// Read to its end, or turned off; `end` as above.
    case readToEnd(end: MediaTime?)

    /// Opened or sought: nothing read yet.
    public static let start = StreamPhase.reading(end: nil)

    public var isReadToEnd: Bool {
        if case .readToEnd = self { return true }
        return false
    }

    /// The latest end of what came.
    public var end: MediaTime? {
        switch self {
        case .reading(let end), .readToEnd(let end): end
        }
    }

    /// A frame or buffer ending at `end` came: the stream reaches at least that far.
    public mutating func took(end new: MediaTime) {
        let latest = end.map { MediaTime.maximum($0, new) } ?? new
        self = isReadToEnd ? .readToEnd(end: latest) : .reading(end: latest)
    }

    /// The source said there is no more (or the stream was turned off).
    public mutating func reachedEnd() {
        self = .readToEnd(end: end)
    }
}
