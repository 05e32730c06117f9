import Playhead
import PlayheadTestSupport

/// The wake a source is started with: called whenever a pull that returned `.pending` may now
/// return something else (MediaSource's contract). Tests that drive a source wait on it between
/// pulls instead of sleeping: the source decodes on real threads of its own, and the wait is
/// for what they do, suspended, so that no test holds one of the pool's two threads.
final class SourceWake: Sendable {
    private let arrivals = Occurrences()

    /// What to give `start(wake:)`.
    var call: @Sendable () -> Void { { [arrivals] in arrivals.signal() } }

    /// The first pull that is not `.pending`, waiting for a wake between tries; `.pending`
    /// when none came within `limit`.
    func next<Element>(within limit: Duration = Occurrences.bound, _ pull: () -> SourcePull<Element>) async -> SourcePull<Element> {
        var result = SourcePull<Element>.pending
        _ = await arrivals.wait(within: limit) {
            result = pull()
            if case .pending = result { return false }
            return true
        }
        return result
    }

    /// Whether `condition` came true within `limit`, checked again at each wake; it may pull.
    func wait(within limit: Duration = Occurrences.bound, until condition: () -> Bool) async -> Bool {
        await arrivals.wait(within: limit, until: condition)
    }
}
