import PlayheadCore
import PlayheadSys

/// The commands posted to the engine from any thread, and whether decoded data or a returned
/// observer asks it to look again; the engine's thread waits here between passes.
final class EngineInbox: @unchecked Sendable {
    private let lock = ConditionLock()
    private var commands: [EngineCommand] = []
    private var woken = false

    func post(_ command: EngineCommand) {
        lock.withLock {
            commands.append(command)
            lock.broadcast()
        }
    }

    func wake() {
        lock.withLock {
            woken = true
            lock.broadcast()
        }
    }

    /// Everything posted so far; the wake is taken with it.
    func take() -> [EngineCommand] {
        lock.withLock {
            defer { commands.removeAll(keepingCapacity: true); woken = false }
            return commands
        }
    }

    /// Sleeps until `deadline` (nil: until woken). A virtual clock jumps to the deadline
    /// instead, unless the engine waits for decoded data: virtual time never outruns decoding.
    /// No wait is unbounded: a wake that never comes costs a short poll, never a hang.
    func wait(until deadline: HostTime?, clock: any HostClock, waitsForData: Bool) {
        lock.withLock {
            guard commands.isEmpty && !woken else { return }
            if clock.isVirtual {
                if let deadline, !waitsForData {
                    clock.advance(to: deadline)
                    return
                }
                _ = lock.wait(untilMonotonic: MonotonicClock().now().nanoseconds + 10_000_000)
                return
            }
            let cap = clock.now() + 50_000_000
            let until = min(deadline ?? cap, cap)
            _ = lock.wait(untilMonotonic: until.nanoseconds)
        }
    }
}
