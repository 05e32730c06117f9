import DequeModule

/// Runs closures one after another, in the order given, on a thread of its own: time
/// observers are called in the order their times came, and a slow one delays only the next
/// observers, never playback.
public final class SerialQueue: @unchecked Sendable {
    private let lock = ConditionLock()
    // Guarded by `lock`:
    private var work = Deque<@Sendable () -> Void>()
    private var stopping = false
    private var draining = false
    private var worker: WorkerThread!

    public init(name: String) {
        // The thread holds the queue until `stop`, which its owner must call.
        worker = WorkerThread(name: name) { [self] in run() }
    }

    /// Queues `body`; ignored once the queue is stopped.
    public func async(_ body: @escaping @Sendable () -> Void) {
        lock.withLock {
            guard !stopping && !draining else { return }
            work.append(body)
            lock.broadcast()
        }
    }

    /// Lets the running closure finish, drops the rest and ends the thread. Safe to call more
    /// than once and from a closure on the queue.
    public func stop() {
        worker.stop {
            lock.withLock {
                stopping = true
                work.removeAll()
                lock.broadcast()
            }
        }
    }

    /// Runs what is queued, then ends the thread; later closures are ignored. For work that
    /// must not be dropped (closing what was handed over). Not to be called from the queue.
    public func finish() {
        worker.stop {
            lock.withLock {
                draining = true
                lock.broadcast()
            }
        }
    }

    private func run() {
        while true {
            let next: (@Sendable () -> Void)? = lock.withLock {
                while work.isEmpty && !stopping && !draining { lock.wait() }
                return stopping || work.isEmpty ? nil : work.removeFirst()
            }
            guard let next else { return }
            next()
        }
    }
}
