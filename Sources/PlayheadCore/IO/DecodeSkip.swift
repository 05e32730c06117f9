/// How much decoding a source may leave out to catch up with the clock: nothing, the frames no
/// other frame refers to (B-frames: nothing else breaks), or all but keyframes.
public enum DecodeSkip: Int, Sendable, Hashable, Comparable {
    case none, nonReference, nonKey

    public static func < (a: DecodeSkip, b: DecodeSkip) -> Bool { a.rawValue < b.rawValue }

    /// The level for frames shown `latenessNanoseconds` after their time, given the current
    /// level: start skipping beyond 80 ms (two frames at 25 fps), go down to keyframes beyond
    /// one second, and stop only once frames are back within 10 ms (hysteresis: no flapping).
    public func next(latenessNanoseconds late: Int64) -> DecodeSkip {
        if late > 1_000_000_000 { return .nonKey }
        if late > 80_000_000 { return max(self, .nonReference) }
        if late < 10_000_000 { return .none }
        return self
    }
}
