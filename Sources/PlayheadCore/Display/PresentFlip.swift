/// A page flip completed: what buffer `buffer` holds is on screen since `vblankNanoseconds`
/// (the host's monotonic clock). `buffer` is nil for a commit of no buffer of the ring (the
/// picture on screen committed again for a screenshot).
public struct PresentFlip: Sendable, Hashable {
    public var buffer: Int?
    public var vblankNanoseconds: Int64

    public init(buffer: Int?, vblankNanoseconds: Int64) {
        self.buffer = buffer
        self.vblankNanoseconds = vblankNanoseconds
    }
}
