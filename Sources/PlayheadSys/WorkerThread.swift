#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// A dedicated OS thread for blocking work (demux, decode, device writes, the engine loop),
/// kept off Swift's cooperative pool so a blocked read never starves async code.
///
/// Every thread ends joined or detached, never neither: a thread nobody joins keeps its stack
/// mapped for the life of the process (an appliance looping short clips ran out of address
/// space that way). `stop` may be called from any thread, any number of times: the first call
/// asks the body to end (through `wake`), and every call returns only once the thread is gone.
public final class WorkerThread: @unchecked Sendable {
    private final class Box {
        let name: String
        let body: () -> Void
        let returned: Returned
        init(name: String, body: @escaping () -> Void, returned: Returned) {
            self.name = name
            self.body = body
            self.returned = returned
        }
    }

    /// Set once the body has returned, for a join that waits only so long.
    private final class Returned: @unchecked Sendable {
        let lock = ConditionLock()
        /// Guarded by `lock`.
        var done = false
    }
    private let returned = Returned()

    private enum Phase { case running, stopping, joining, ended }

    private var thread = pthread_t()
    private let lock = ConditionLock()
    /// Guarded by `lock`.
    private var phase = Phase.running
    public let name: String

    /// Starts `body` on a new thread at once. Only fails when the system is out of threads or
    /// memory, which the caller cannot mend: that stops the process with the reason.
    public init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        let context = Unmanaged.passRetained(Box(name: name, body: body, returned: returned)).toOpaque()
        var attr = pthread_attr_t()
        pthread_attr_init(&attr)
        // Decoders recurse little; 1 MiB keeps eight threads cheap on a 1 GB board.
        pthread_attr_setstacksize(&attr, 1 << 20)
        let rc = pthread_create(&thread, &attr, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            // Named, so `top -H` and /proc/PID/task/*/comm on a board say which is which (the
            // kernel keeps 15 bytes).
            Sys.nameCurrentThread(box.name)
            box.body()
            box.returned.lock.withLock {
                box.returned.done = true
                box.returned.lock.broadcast()
            }
            return nil
        }, context)
        pthread_attr_destroy(&attr)
        precondition(rc == 0, "could not start thread \(name): \(Errno(rawValue: rc))")
    }

    /// Runs `body` on a thread that nobody waits for: it frees itself when it returns. Only for
    /// short work that posts its result somewhere (probing an asset for its keys).
    public static func detached(name: String, body: @escaping @Sendable () -> Void) {
        let worker = WorkerThread(name: name, body: body)
        worker.lock.withLock { worker.detachLocked() }
    }

    /// How many nice levels demuxing and decoding (and the codec's own threads, made while an
    /// item opens) sit below the threads that keep time: the engine, the display's
    /// presentation, the sound. Decoded frames wait in queues and may come a moment later; a
    /// frame the engine hands over late is dropped. On the two-processor board the engine
    /// thread waited 15-26 ms for a processor at item changes (its schedstat) while the next
    /// item decoded, and pictures were dropped there.
    public static let decodingNiceSteps: Int32 = 4

    /// For decoding: the calling thread, and the threads it starts, run `decodingNiceSteps`
    /// below the process.
    @discardableResult
    public static func giveWayAsDecoding() -> Int32? {
        lowerCurrentPriority(toProcessPlus: decodingNiceSteps)
    }

    /// For work that may wait while playback needs the processor: the calling thread (and the
    /// threads it starts) runs `steps` nice levels below the process, for the rest of its life.
    /// Counted from the process, not from the caller: a thread started by one that gave way
    /// does not sink further (steps counted from the caller compounded along chains of
    /// threads). Returns its nice value, or nil when the system refused.
    @discardableResult
    public static func lowerCurrentPriority(toProcessPlus steps: Int32) -> Int32? {
        Sys.lowerCurrentThreadPriority(toProcessPlus: steps)
    }

    /// True on the thread this worker runs.
    public var isCurrent: Bool { pthread_equal(pthread_self(), thread) != 0 }

    /// Asks the thread to end and waits until it has. `wake` runs once, on the first call: it
    /// must make the body return (set the owner's stop flag and signal it). Called on the
    /// worker itself (an owner released on its own thread), it only asks, and the thread
    /// detaches so that its end frees it.
    public func stop(wake: () -> Void = {}) {
        let first = lock.withLock { () -> Bool in
            guard phase == .running else { return false }
            phase = .stopping
            return true
        }
        if first { wake() }
        if isCurrent {
            lock.withLock { if phase == .stopping { detachLocked() } }
            return
        }
        let joiner = lock.withLock { () -> Bool in
            while phase == .joining { lock.wait() }
            guard phase == .stopping else { return false }
            phase = .joining
            return true
        }
        guard joiner else { return }
        pthread_join(thread, nil)
        lock.withLock {
            phase = .ended
            lock.broadcast()
        }
    }

    /// Waits for a body that returns by itself (an item being opened). Same as `stop()`.
    public func join() { stop() }

    /// Waits for a body that returns by itself until `deadline` (monotonic nanoseconds): true
    /// when it returned and the thread is joined; false when it is still running, and then it
    /// is abandoned (see `abandon`).
    public func join(untilMonotonic deadline: Int64) -> Bool {
        let done = returned.lock.withLock { () -> Bool in
            while !returned.done {
                if !returned.lock.wait(untilMonotonic: deadline) { break }
            }
            return returned.done
        }
        if done {
            join()
            return true
        }
        abandon()
        return false
    }

    /// Leaves a thread whose body may never return (a read stuck in the kernel): detached, so
    /// its end frees it if it comes; nobody waits for it.
    public func abandon() {
        lock.withLock { detachLocked() }
    }

    /// Whether the thread has been joined or detached.
    public var hasEnded: Bool { lock.withLock { phase == .ended } }

    deinit {
        // Dropped without a join (its owner let it run out): detach, so its stack is freed
        // when it returns.
        if phase != .ended { pthread_detach(thread) }
    }

    /// Under `lock`.
    private func detachLocked() {
        guard phase != .ended, phase != .joining else { return }
        pthread_detach(thread)
        phase = .ended
        lock.broadcast()
    }
}
