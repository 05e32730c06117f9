/// How much decoding a source may leave out to catch up with the clock: nothing; the frames no
/// other frame refers to (B-frames: nothing else breaks); those and the in-loop deblocking of
/// the rest (a blockier picture, much cheaper to decode); or all but keyframes.
public enum DecodeSkip: Int, Sendable, Hashable, Comparable {
    case none, nonReference, nonReferenceUnfiltered, nonKey

    public static func < (a: DecodeSkip, b: DecodeSkip) -> Bool { a.rawValue < b.rawValue }
}
