import Playhead
import PlayheadCore

extension CommandRouter {
    /// The schedule's change: the screen's playlist replaced by `items`, played from its first
    /// item (the screen switched on when it was off); or, for `off`, the screen switched off and
    /// playback paused (with no screen, paused).
    func applySchedule(_ target: SchedulePart.Target, items: [(location: String, title: String?, duration: Double?)]) {
        if target == .off {
            if case .error = screenPower(false) { _ = perform(.pause) }
            return
        }
        if player.isScreenOff == true { _ = screenPower(true) }
        state.withLock { s in
            s.playlist.replace(with: items)
            s.playlist.currentID = s.playlist.entries.first?.id
            s.emptiedOnPurpose = false
            s.stopped = false
            player.play(entries: s.playlist.order(from: s.playlist.currentID, loop: s.settings[PlayerOptions.loop]))
        }
        _ = perform(.play)
    }
}
