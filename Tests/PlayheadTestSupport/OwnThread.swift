import PlayheadSys

/// Runs a blocking call (a child process starting, a network open, waiting for a process to
/// exit) on a thread of its own, the test suspended until it returns. On the test pool, which
/// has two threads on a two-core machine for every test of the run, a few such calls at once
/// stood the whole run still: in a run under load every suite waited 40 s, and waits that
/// needed the pool (a service's pings, a write loop) ran past their bounds.
public enum OwnThread {
    public static func run<T: Sendable>(_ name: String = "ph-test-call", _ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (c: CheckedContinuation<T, Never>) in
            WorkerThread.detached(name: name) { c.resume(returning: body()) }
        }
    }
}
