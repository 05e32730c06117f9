import Playhead
import PlayheadCore

extension CommandRouter {
    /// The schedule's change, at once or, with `schedule-change = item-end` while an item plays,
    /// when it ends (at most `schedule-change-wait` later).
    func applySchedule(_ target: SchedulePart.Target, items: [(location: String, title: String?, duration: Double?)]) {
        let change = ScheduleChange(target: target, items: items)
        let playing = itemPlaysOnScreen
        let (now, wait) = state.withLock { s -> (ScheduleChange?, Int) in
            let wait = s.settings[ScheduleOptions.changeWait]
            let atEnd = s.settings[ScheduleOptions.change] == "item-end" && playing
            return (s.scheduleGate.due(change, now: hooks.now(), waitForItemEnd: atEnd, longestWait: Int64(wait) * 1_000_000_000), wait)
        }
        guard let now else {
            AppLog.notice("schedule: \(target == .off ? "screen off" : "\(target)") waits for the end of the item playing (at most \(wait) s)")
            return
        }
        carryOut(now)
    }

    /// The item playing changed (it ended, failed, or was skipped): a change waiting for it.
    func scheduleItemChanged() {
        if let change = state.withLock({ $0.scheduleGate.itemEnded() }) { carryOut(change) }
    }

    /// Once a second from the schedule's thread: a change that waited its longest.
    func scheduleTick() {
        guard let change = state.withLock({ $0.scheduleGate.tick(now: hooks.now()) }) else { return }
        AppLog.notice("schedule: the item playing did not end within schedule-change-wait; changing now")
        carryOut(change)
    }

    /// The screen's playlist replaced by the change's items, played from its first item (the
    /// screen switched on when it was off); or, for `off`, the screen switched off and playback
    /// paused (with no screen, paused).
    private func carryOut(_ change: ScheduleChange) {
        if change.target == .off {
            if case .error = screenPower(false) { _ = perform(.pause) }
            return
        }
        if player.isScreenOff == true { _ = screenPower(true) }
        playFromStart(change.items)
        _ = perform(.play)
    }

    /// Whether an item plays on a lit screen: a change waiting for its end makes sense only then.
    var itemPlaysOnScreen: Bool { !player.isPaused && player.currentEntryID != nil && player.isScreenOff != true }

    /// The playlist replaced by `items` (a schedule's part, a content generation), played from
    /// its first item (unlike a folder's change, which keeps the item playing).
    func playFromStart(_ items: [(location: String, title: String?, duration: Double?)]) {
        state.withLock { s in
            s.playlist.replace(with: items)
            s.playlist.currentID = s.playlist.entries.first?.id
            s.emptiedOnPurpose = false
            s.stopped = false
            player.play(entries: s.playlist.order(from: s.playlist.currentID, loop: s.settings[PlayerOptions.loop]))
        }
    }
}
