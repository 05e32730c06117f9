import Playhead
import PlayheadCore

extension CommandRouter {
    /// The schedule's change: the screen's playlist replaced by `items`, played from its first
    /// item; or, for `off`, the whole screen paused (the screen itself is not switched off yet).
    func applySchedule(_ target: SchedulePart.Target, items: [(location: String, title: String?, duration: Double?)]) {
        if target == .off {
            _ = perform(.pause)
            return
        }
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
