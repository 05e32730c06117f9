import Playhead
import Synchronization

/// Counts of the player's item events since start, for /metrics: the event loop counts, a
/// scrape reads.
final class EventTally: Sendable {
    struct Counts: Sendable, Equatable {
        var starts = 0
        var playedToEnd = 0
        var failures = 0
        var restarts = 0
    }
    private let counts = Mutex(Counts())

    var current: Counts { counts.withLock { $0 } }

    func count(_ event: PlayerEvent) {
        counts.withLock { c in
            switch event.kind {
            case .currentItemChanged where event.item != nil: c.starts += 1
            case .didPlayToEndTime: c.playedToEnd += 1
            case .failedToPlayToEndTime: c.failures += 1
            case .itemRestarting: c.restarts += 1
            default: break
            }
        }
    }
}
