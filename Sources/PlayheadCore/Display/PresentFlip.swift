/// A page flip completed: what buffer `buffer` holds is on screen since `vblankNanoseconds`
/// (the host's monotonic clock). `buffer` is nil for a commit of no buffer of the ring (the
/// picture on screen committed again for a screenshot).
public struct PresentFlip: Sendable, Hashable {
    public var buffer: Int?
    public var vblankNanoseconds: Int64
    /// The CRTC's vblank count at that flip (the event's): what its per-frame CRCs are
    /// numbered by, so a flip trace ties each CRC to a time.
    public var sequence: UInt32

    public init(buffer: Int?, vblankNanoseconds: Int64, sequence: UInt32 = 0) {
        self.buffer = buffer
        self.vblankNanoseconds = vblankNanoseconds
        self.sequence = sequence
    }
}
