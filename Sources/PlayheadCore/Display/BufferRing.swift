/// Bookkeeping for the scan-out buffers of one plane. A buffer is free, being filled
/// (`pending`), committed and waiting for its flip (`queued`), or on screen (`current`). Only
/// one commit may wait for a flip at a time (the kernel refuses a second: EBUSY), and the
/// buffer on screen must not be written, so at least three buffers keep the decoder from
/// waiting on the display.
public struct BufferRing: Sendable, Hashable {
    public enum State: Sendable, Hashable { case free, pending, queued, current }

    public private(set) var states: [State]

    public init(count: Int) {
        precondition(count >= 3, "a plane needs at least three buffers")
        states = Array(repeating: .free, count: count)
    }

    public var current: Int? { states.firstIndex(of: .current) }
    public var queued: Int? { states.firstIndex(of: .queued) }
    public var canQueue: Bool { queued == nil }

    /// A free buffer to fill, or nil when all are in use.
    public mutating func acquire() -> Int? {
        guard let i = states.firstIndex(of: .free) else { return nil }
        states[i] = .pending
        return i
    }

    /// A filled buffer that will not be shown after all (its frame became late).
    public mutating func release(_ i: Int) {
        precondition(states[i] == .pending, "only a pending buffer can be given back")
        states[i] = .free
    }

    /// The commit of buffer `i` went to the kernel.
    public mutating func queue(_ i: Int) {
        precondition(states[i] == .pending && canQueue, "queue one filled buffer at a time")
        states[i] = .queued
    }

    /// The flip happened: the queued buffer is on screen and the previous one is free again.
    /// Returns the buffer that was freed.
    @discardableResult
    public mutating func flipped() -> Int? {
        guard let q = queued else { return nil }
        let old = current
        if let old { states[old] = .free }
        states[q] = .current
        return old
    }

    /// The commit failed: the buffer goes back to free, the screen keeps what it had.
    public mutating func commitFailed(_ i: Int) {
        precondition(states[i] == .queued || states[i] == .pending)
        states[i] = .free
    }
}
