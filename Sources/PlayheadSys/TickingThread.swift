import Synchronization

/// A thread of its own that runs a step, then sleeps for as long as the step asks, until it is
/// stopped: a stop wakes it at once and joins it.
public final class TickingThread: Sendable {
    private let sleeper = ConditionLock()
    private let stopping = Atomic(false)
    private let thread = Mutex<WorkerThread?>(nil)

    public init() {}

    /// `step` returns how many nanoseconds to sleep before the next step.
    public func start(name: String, step: @escaping @Sendable () -> Int64) {
        // Held by its own thread until `stop`, which its owner must call.
        let worker = WorkerThread(name: name) { [self] in
            while !stopping.load(ordering: .acquiring) {
                let wait = step()
                sleeper.withLock {
                    guard !stopping.load(ordering: .acquiring) else { return }
                    sleeper.wait(untilMonotonic: MonotonicClock().now().nanoseconds + wait)
                }
            }
        }
        thread.withLock { $0 = worker }
    }

    /// Wakes the thread and waits for it to end. Again, or before `start`, does nothing.
    public func stop() {
        let worker = thread.withLock { w in
            defer { w = nil }
            return w
        }
        worker?.stop {
            sleeper.withLock {
                stopping.store(true, ordering: .releasing)
                sleeper.broadcast()
            }
        }
    }
}
