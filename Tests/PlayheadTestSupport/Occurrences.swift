import Synchronization

/// What a thread of the code under test does, for a test that must wait for it: the thread (a
/// fake it calls, a callback it runs) calls `signal()`, and `wait(until:)` checks its condition
/// now and again after each signal, suspended in between. So a test waits for the event
/// itself, not for a time; and it never blocks one of the test pool's threads (two on a
/// two-core machine) nor polls. The bound is only reached when the code under test fails.
public final class Occurrences: Sendable {
    private struct State {
        var count: UInt64 = 0
        var nextWaiter: UInt64 = 0
        var suspended: [UInt64: CheckedContinuation<Void, Never>] = [:]
        /// Waits whose bound has passed (their timer fired).
        var expired: Set<UInt64> = []
    }
    private let state = Mutex(State())

    /// Generous: a loaded two-core machine with a board emulator beside it takes seconds
    /// where an idle one takes milliseconds; a bound only bites when something is wrong.
    public static let bound: Duration = .seconds(30)

    public init() {}

    /// Something happened: every waiter checks its condition again.
    public func signal() {
        let woken = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.count &+= 1
            defer { s.suspended.removeAll() }
            return Array(s.suspended.values)
        }
        for c in woken { c.resume() }
    }

    /// Whether `condition` came true within `limit`: checked at once and after every signal.
    /// `condition` must only read state that changes before the signal that follows it.
    public func wait(within limit: Duration = Occurrences.bound, until condition: () -> Bool) async -> Bool {
        let id = state.withLock { s -> UInt64 in
            s.nextWaiter &+= 1
            return s.nextWaiter
        }
        let timer = Task { [self] in
            // Cancelled when the wait ends first: then it must not mark a finished wait.
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            expire(id)
        }
        defer {
            timer.cancel()
            state.withLock { _ = $0.expired.remove(id) }
        }
        while true {
            let seen = state.withLock { $0.count }
            if condition() { return true }
            if state.withLock({ $0.expired.contains(id) }) { return condition() }
            // A test cancelled (its time limit) ends its wait as the bound would.
            await withTaskCancellationHandler {
                await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                    // A signal or the bound that came between the check and here must not be lost.
                    let now = state.withLock { s -> Bool in
                        guard s.count == seen, !s.expired.contains(id) else { return true }
                        s.suspended[id] = c
                        return false
                    }
                    if now { c.resume() }
                }
            } onCancel: {
                expire(id)
            }
        }
    }

    private func expire(_ id: UInt64) {
        let woken = state.withLock { s -> CheckedContinuation<Void, Never>? in
            s.expired.insert(id)
            return s.suspended.removeValue(forKey: id)
        }
        woken?.resume()
    }
}
