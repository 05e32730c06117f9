import Synchronization

/// Blocking file work for async code (an upload's writes and syncs, a screenshot's read) on a
/// thread of its own, never on NIO's event loops or Swift's shared pool, one piece at a time.
public final class FileWorker: Sendable {
    private let queue: SerialQueue
    private let stopped = Mutex(false)

    public init(name: String) { queue = SerialQueue(name: name) }

    /// Nil once the worker has stopped (the appliance is shutting down).
    public func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T? {
        await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            // Queued under the lock, so `stop` cannot slip between the check and the queueing
            // and leave a continuation nobody resumes.
            stopped.withLock { isStopped in
                if isStopped { continuation.resume(returning: nil); return }
                queue.async { continuation.resume(returning: body()) }
            }
        }
    }

    /// Runs what is queued, then ends the thread.
    public func stop() {
        stopped.withLock { $0 = true }
        queue.finish()
    }
}
