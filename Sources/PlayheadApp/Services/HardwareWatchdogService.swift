import Playhead
import PlayheadSys
import ServiceLifecycle

/// The hardware watchdog, fed from the playback loop's own thread, and only while playback
/// makes progress (frames handed to the screen, sound written) or deliberately does not (paused,
/// stopped, waiting for a stream, an item being tried again). A loop that wedges, or one that
/// plays and gets nowhere, stops the feeding, and the board resets.
struct HardwareWatchdogService: Service {
    let watchdog: HardwareWatchdog
    let player: Player

    func run() async throws {
        // Three feeds per timeout: one late feed is no reset.
        let period = Duration.milliseconds(max(200, watchdog.timeoutSeconds * 1000 / 3))
        let watchdog = self.watchdog, player = self.player
        let last = ProgressMark()
        while !Task.isCancelled {
            player.whenResponsive {
                let s = player.statistics
                let progress = Int64(s.framesPresented) + s.audioFramesWritten
                let idle = player.rate == 0 || player.currentItem == nil || player.isWaitingForMedia
                if last.moved(to: progress) || idle { watchdog.feed() }
            }
            do { try await cancelWhenGracefulShutdown { try await Task.sleep(for: period) } } catch { break }
        }
        // A deliberate stop: the magic close, so the board does not reset under the next start.
        watchdog.close()
    }
}

/// The last progress count seen; touched only on the engine thread, one answer at a time.
final class ProgressMark: @unchecked Sendable {
    private var value: Int64 = -1
    func moved(to new: Int64) -> Bool {
        defer { value = new }
        return new != value
    }
}
