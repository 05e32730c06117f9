import PlayheadCore

/// Log lines on their way to a console, written by a thread of their own. A console at 115200
/// baud takes about 11 KB a second, and one nobody reads (a tty with flow control, a full
/// terminal) takes nothing: written on the thread that logs, a line would hold up the engine,
/// a decoder or the sound. Here the logging thread only queues the line; when the queue is
/// full the line is dropped and counted, and the console is told how many once it catches up
/// (see DroppingLineBuffer).
public final class ConsoleLogQueue: Sendable {
    /// What the thread shares with the loggers. The thread holds this, not the queue, so the
    /// queue's deinit can stop and join it.
    private final class Shared: @unchecked Sendable {
        let lock = ConditionLock()
        /// Guarded by `lock`.
        var buffer: DroppingLineBuffer
        /// Guarded by `lock`: no more queueing; the thread writes what is left and ends.
        var stopping = false
        let write: @Sendable (String) -> Void

        init(capacity: Int, write: @escaping @Sendable (String) -> Void) {
            buffer = DroppingLineBuffer(capacity: capacity)
            self.write = write
        }

        func run() {
            while true {
                let (batch, done) = lock.withLock { () -> ([String], Bool) in
                    while buffer.count == 0 && !stopping { lock.wait() }
                    let batch = buffer.takeAll()
                    return (batch, stopping && batch.isEmpty)
                }
                if done { return }
                for line in batch { write(line) }
            }
        }
    }

    private let shared: Shared
    private let worker: WorkerThread

    /// `write` gets each line (without its newline) on the queue's thread, in order.
    public init(capacity: Int = 256, write: @escaping @Sendable (String) -> Void) {
        let shared = Shared(capacity: capacity, write: write)
        self.shared = shared
        worker = WorkerThread(name: "ph-logout") { shared.run() }
    }

    /// Queues `line`, or drops and counts it when the queue is full; never waits for the
    /// console. After `stop` it writes the line at once: nothing drains the queue any more,
    /// and a line said while shutting down is worth the wait.
    public func offer(_ line: String) {
        let queued = shared.lock.withLock { () -> Bool in
            guard !shared.stopping else { return false }
            _ = shared.buffer.offer(line)
            shared.lock.broadcast()
            return true
        }
        if !queued { shared.write(line) }
    }

    /// Writes what is queued, then ends the thread; safe twice, from any thread but the
    /// queue's own.
    public func stop() {
        shared.lock.withLock {
            shared.stopping = true
            shared.lock.broadcast()
        }
        worker.stop()
    }

    deinit { stop() }
}
