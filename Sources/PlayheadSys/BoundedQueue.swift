import DequeModule

/// A blocking FIFO with a fixed capacity, between a worker thread and its consumer. Producers
/// block when it is full, which is what bounds memory on a small board; `close` releases
/// everyone. Elements carry an epoch so a flush can discard what was in flight.
public final class BoundedQueue<Element>: @unchecked Sendable {
    private let lock = ConditionLock()
    private var items = Deque<Element>()
    private var closed = false
    private var ended = false
    public let capacity: Int

    public init(capacity: Int) {
        precondition(capacity > 0, "BoundedQueue capacity must be positive")
        self.capacity = capacity
    }

    public enum PushResult { case pushed, closed }

    /// Blocks while full. `accept` is checked under the lock and lets a stale element be
    /// dropped instead of pushed (after a flush).
    @discardableResult
    public func push(_ element: Element, accept: () -> Bool = { true }) -> PushResult {
        lock.withLock {
            while items.count >= capacity && !closed { lock.wait() }
            if closed { return .closed }
            if accept() {
                items.append(element)
                lock.broadcast()
            }
            return .pushed
        }
    }

    /// Like `push`, but while `starving()` says a sibling queue fed by the same producer runs
    /// low, takes the element beyond the capacity, up to `hardCapacity`. One demuxer feeds
    /// the video and the sound in file order: blocked on a full video queue (a decoder that
    /// cannot keep up), it would read no more sound and the sound would run dry. `starving`
    /// is asked outside the lock (it may read other queues), again every 50 ms while full.
    @discardableResult
    public func push(_ element: Element, overflowingUpTo hardCapacity: Int, while starving: () -> Bool,
                     accept: () -> Bool = { true }) -> PushResult {
        while true {
            let limit = starving() ? max(capacity, hardCapacity) : capacity
            let result: PushResult? = lock.withLock {
                if closed { return .closed }
                guard items.count < limit else {
                    _ = lock.wait(untilMonotonic: MonotonicClock().now().nanoseconds + 50_000_000)
                    return nil
                }
                if accept() {
                    items.append(element)
                    lock.broadcast()
                }
                return .pushed
            }
            if let result { return result }
        }
    }

    public enum PopResult { case element(Element), empty, ended, closed }

    /// Non-blocking pop: the engine never waits on a worker.
    public func tryPop() -> PopResult {
        lock.withLock {
            if let e = items.popFirst() {
                lock.broadcast()
                return .element(e)
            }
            if closed { return .closed }
            return ended ? .ended : .empty
        }
    }

    /// Blocking pop for worker threads.
    public func pop() -> PopResult {
        lock.withLock {
            while items.isEmpty && !closed && !ended { lock.wait() }
            if let e = items.popFirst() {
                lock.broadcast()
                return .element(e)
            }
            return closed ? .closed : .ended
        }
    }

    /// No more elements will come until the next `flush`; consumers drain and then see `.ended`.
    public func markEnded() {
        lock.withLock { ended = true; lock.broadcast() }
    }

    /// Drops everything queued and clears the end mark; `body` runs under the lock, so epoch
    /// changes made there are atomic with the flush.
    public func flush(_ body: () -> Void = {}) {
        lock.withLock {
            items.removeAll()
            ended = false
            body()
            lock.broadcast()
        }
    }

    public func close() {
        lock.withLock { closed = true; items.removeAll(); lock.broadcast() }
    }

    public var count: Int { lock.withLock { items.count } }
    public var isEnded: Bool { lock.withLock { ended && items.isEmpty } }
}
