import Playhead
import PlayheadSys

/// What a sync group's member sees of this player, and how its corrections are carried out:
/// through the playlist, so that the place kept, `status` and the next item agree with it.
extension CommandRouter {
    func syncLook(now: Int64) -> SyncLook {
        let rate = player.exactRate
        let place = player.playingPlace(atHost: now)
        let (entries, position) = state.withLock { s -> ([String], Int?) in
            // The entry of the place read, not the player's entry now: at an item change the two
            // differ, and the place's time belongs to the place's item.
            if let id = place.entryID { s.playlist.currentID = id }
            return (s.playlist.entries.map(\.location), s.stopped ? nil : s.playlist.currentPosition)
        }
        // Paused, the place is still a place (a paused leader's followers stand there too).
        let itemTime = rate.isPaused ? player.currentSeconds().map { Int64($0 * 1e9) } : place.itemNanoseconds
        return SyncLook(entries: entries, local: SyncFollower.Local(entry: position, name: position.map { entries[$0] },
                                                                     itemTime: itemTime, host: now, rate: rate, duration: place.durationNanoseconds))
    }

    func syncApply(_ correction: SyncCorrection, group: String) {
        switch correction {
        case .jump(let entry, let itemTime, let host, let rate):
            guard syncMoveTo(entry) else { return }
            player.play(at: itemTime, host: host, rate: rate)
        case .pause(let entry, let itemTime):
            guard syncMoveTo(entry) else { return }
            player.pause()
            player.seek(toSeconds: Double(itemTime) / 1e9, exact: true)
        case .rate(let rate):
            player.setRate(rate.doubleValue)
        case .missing(let entry, let name):
            let text = "sync \(group): the leader plays \(ControlCharacters.escaped(name)) (entry \(entry + 1)), which this player's playlist lacks there"
            AppLog.warning(text + "; showing the slate until it plays something this one has")
            player.holdSlate(saying: "\(ControlCharacters.escaped(name)) is missing here")
        }
    }

    /// The player on playlist entry `entry` (0-based), changed only when it is on another.
    private func syncMoveTo(_ entry: Int) -> Bool {
        state.withLock { s in
            syncCurrent(&s)
            guard entry < s.playlist.entries.count else { return false }
            s.stopped = false
            if s.playlist.currentPosition != entry {
                s.playlist.currentID = s.playlist.entries[entry].id
                player.play(entries: s.playlist.order(from: s.playlist.currentID, loop: s.settings[PlayerOptions.loop]))
            }
            return true
        }
    }
}
