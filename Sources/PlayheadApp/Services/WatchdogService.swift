import Playhead
import PlayheadSys
import ServiceLifecycle

/// systemd's watchdog, fed only while the playback loop answers: each `WATCHDOG=1` goes out
/// from the engine's own thread, so a loop that wedges stops the pings and the manager
/// restarts playhead.
struct WatchdogService: Service {
    /// Sends one line to the service manager (the notifier's `send`; a recorder in tests).
    let send: @Sendable (String) -> Void
    let intervalNanoseconds: Int64
    let player: Player

    func run() async throws {
        // Twice per interval, as sd_watchdog_enabled(3) advises, so one late ping is no restart.
        let period = Duration.nanoseconds(max(intervalNanoseconds / 2, 10_000_000))
        let send = self.send
        while !Task.isCancelled {
            player.whenResponsive { send("WATCHDOG=1") }
            do { try await cancelWhenGracefulShutdown { try await Task.sleep(for: period) } } catch { return }
        }
    }
}
