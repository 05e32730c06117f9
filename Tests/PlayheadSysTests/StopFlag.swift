import PlayheadSys

/// A flag that a test thread's body sleeps on until a stop's wake raises it: no polling, so
/// twenty idle threads cost nothing beside the other tests running meanwhile (1 ms polls made
/// twenty thousand wake-ups a second).
final class StopFlag: @unchecked Sendable {
    private let lock = ConditionLock()
    /// Guarded by `lock`.
    private var raised = false

    func raise() {
        lock.withLock {
            raised = true
            lock.broadcast()
        }
    }

    func waitUntilRaised() {
        lock.withLock { while !raised { lock.wait() } }
    }
}
