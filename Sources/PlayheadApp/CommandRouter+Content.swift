import Playhead
import PlayheadCore

extension CommandRouter {
    /// A new generation: its playlist replaces the playing one at the end of the item playing
    /// (at most `schedule-change-wait` later, for a stream that never ends), or at once when
    /// nothing plays. The transport stays as it is: a paused screen stays paused.
    func applyContent(_ change: ContentChange) {
        let playing = itemPlaysOnScreen
        let (now, wait) = state.withLock { s -> (ContentChange?, Int) in
            let wait = s.settings[ScheduleOptions.changeWait]
            return (s.contentGate.due(change, now: hooks.now(), waitForItemEnd: playing, longestWait: Int64(wait) * 1_000_000_000), wait)
        }
        guard let now else {
            AppLog.notice("content: generation \(change.generation) waits for the end of the item playing (at most \(wait) s)")
            return
        }
        carryOut(now)
    }

    /// The item playing changed: a generation waiting for it.
    func contentItemChanged() {
        if let change = state.withLock({ $0.contentGate.itemEnded() }) { carryOut(change) }
    }

    /// Time passing (the content thread, while a generation waits): one that waited its longest.
    func contentTick() {
        guard let change = state.withLock({ $0.contentGate.tick(now: hooks.now()) }) else { return }
        AppLog.notice("content: the item playing did not end within schedule-change-wait; changing now")
        carryOut(change)
    }

    private func carryOut(_ change: ContentChange) {
        playFromStart(change.items)
        change.playing()
    }
}
