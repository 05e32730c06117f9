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
