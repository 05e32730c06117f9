import Playhead
import PlayheadSys
import Synchronization

/// Keeps the state file: the place is written on every item change, pause and seek, every
/// `interval` while playing (flash wears: not more often), and at the end. The writes (each
/// with its fsyncs) run on a thread of their own, so playback never waits on the flash.
final class PlaceKeeper: @unchecked Sendable {
    let path: String
    let intervalNanoseconds: Int64
    let place: @Sendable () -> PlaybackPlace?
    private let lock = ConditionLock()
    // Guarded by `lock`.
    private var wanted = false
    private var stopping = false
    private var thread: WorkerThread?
    /// The last place written, to skip writes that would change nothing.
    private var written: PlaybackPlace?
    private let failing = Atomic<Bool>(false)

    init(path: String, intervalSeconds: Double, place: @escaping @Sendable () -> PlaybackPlace?) {
        self.path = path
        intervalNanoseconds = Int64(intervalSeconds * 1e9)
        self.place = place
    }

    /// The place as the file holds it, or nil with the reason logged (missing is not worth a word).
    static func read(_ path: String) -> PlaybackPlace? {
        let text: String
        switch FileInput.read(path, limit: 64 << 10) {
        case .text(let t): text = t
        case .missing: return nil
        case .tooLarge:
            AppLog.warning("the state file \(path) is larger than 64 KiB, so not one; starting from the top, and it will be written again")
            return nil
        case .unreadable(let why):
            AppLog.warning("the state file \(path) cannot be read (\(why)); starting from the top")
            return nil
        }
        switch PlaybackPlace.decode(text) {
        case .success(let p): return p
        case .failure(let e):
            AppLog.warning("the state file \(path) is not usable (\(e.message)); starting from the top, and it will be written again")
            return nil
        }
    }

    /// One write now, on the caller's thread (at start, before anything opens).
    static func write(_ place: PlaybackPlace, to path: String) {
        do { try AtomicFile.write(place.encoded, to: path, mode: 0o600) } catch {
            AppLog.warning("\(error.description); the place is not kept until it can be written (check /data)")
        }
    }

    func start() {
        lock.withLock {
            guard thread == nil else { return }
            thread = WorkerThread(name: "ph-state") { [self] in run() }
        }
    }

    /// Something changed (an item, a pause, a seek): write soon.
    func note() {
        lock.withLock {
            wanted = true
            lock.broadcast()
        }
    }

    /// Writes the last place and ends the thread; once.
    func stop() {
        let t = lock.withLock { () -> WorkerThread? in
            defer { thread = nil }
            return thread
        }
        t?.stop {
            lock.withLock {
                stopping = true
                lock.broadcast()
            }
        }
    }

    private func run() {
        // The periodic write keeps its own beat: changes in between (item after item) must not
        // put it off for ever, or the time inside an item would never be kept.
        var next = MonotonicClock().now().nanoseconds + intervalNanoseconds
        while true {
            let end = lock.withLock { () -> Bool in
                while !wanted && !stopping && MonotonicClock().now().nanoseconds < next {
                    _ = lock.wait(untilMonotonic: next)
                }
                wanted = false
                return stopping
            }
            let now = MonotonicClock().now().nanoseconds
            if now >= next { next = now + intervalNanoseconds }
            save()
            if end { return }
        }
    }

    private func save() {
        guard let p = place(), p != written else { return }
        do {
            try AtomicFile.write(p.encoded, to: path, mode: 0o600)
            written = p
            if failing.exchange(false, ordering: .relaxed) { AppLog.notice("the state file \(path) is written again") }
        } catch {
            // Once per run of failures: a full or read-only /data must not flood the log.
            if !failing.exchange(true, ordering: .relaxed) {
                AppLog.warning("\(error.description); the place is not kept until it can be written (check /data)")
            }
        }
    }
}
