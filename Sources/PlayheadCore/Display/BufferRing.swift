/// Bookkeeping for the scan-out buffers of one plane. A buffer is free, being filled
/// (`pending`), committed and waiting for its flip (`queued`), or on screen (`current`). Only
/// one commit may wait for a flip at a time (the kernel refuses a second: EBUSY), and the
/// buffer on screen must not be written, so at least three buffers keep the decoder from
/// waiting on the display.
///
/// Each buffer carries one `Record` from its commit until it leaves the screen (what was
/// committed, for whom, and when), so nothing about a buffer is kept beside the ring.
public struct BufferRing<Record: Sendable>: Sendable {
    public enum State: Sendable, Hashable { case free, pending, queued, current }

    public struct Slot: Sendable {
        public fileprivate(set) var state = State.free
        public fileprivate(set) var record: Record?
    }

    public private(set) var slots: [Slot]

    public init(count: Int) {
        precondition(count >= 3, "a plane needs at least three buffers")
        slots = Array(repeating: Slot(), count: count)
    }

    public var count: Int { slots.count }
    public var states: [State] { slots.map(\.state) }
    public var current: Int? { slots.firstIndex { $0.state == .current } }
    public var queued: Int? { slots.firstIndex { $0.state == .queued } }
    public var canQueue: Bool { queued == nil }

    public func record(of i: Int) -> Record? { slots.indices.contains(i) ? slots[i].record : nil }

    /// Replaces what a queued or shown buffer carries (its flip was handled).
    public mutating func update(_ i: Int, record: Record?) {
        precondition(slots[i].state == .queued || slots[i].state == .current, "only a committed buffer carries a record")
        slots[i].record = record
    }

    /// A free buffer to fill, or nil when all are in use.
    public mutating func acquire() -> Int? {
        guard let i = slots.firstIndex(where: { $0.state == .free }) else { return nil }
        slots[i].state = .pending
        return i
    }

    /// A filled buffer that will not be shown after all (its frame became late).
    public mutating func release(_ i: Int) {
        precondition(slots[i].state == .pending, "only a pending buffer can be given back")
        slots[i] = Slot()
    }

    /// The commit of buffer `i` went to the kernel, carrying `record`.
    public mutating func queue(_ i: Int, record: Record? = nil) {
        precondition(slots[i].state == .pending && canQueue, "queue one filled buffer at a time")
        slots[i] = Slot(state: .queued, record: record)
    }

    /// The flip happened: the queued buffer is on screen and the previous one is free again.
    /// Returns the buffer that was freed.
    @discardableResult
    public mutating func flipped() -> Int? {
        guard let q = queued else { return nil }
        let old = current
        if let old { slots[old] = Slot() }
        slots[q].state = .current
        return old
    }

    /// The commit failed: the buffer goes back to free, the screen keeps what it had.
    public mutating func commitFailed(_ i: Int) {
        precondition(slots[i].state == .queued || slots[i].state == .pending)
        slots[i] = Slot()
    }
}
