import PlayheadCore

extension PlaybackCore {
    /// An item that must stop playing more than ten seconds in, or reach its end, to count as
    /// having played: a stream that fails every few seconds is still failing.
    static let progressSpan = MediaTime(seconds: 10, preferredTimescale: 1000)

    /// The current item failed to open or to play: tried again after a back-off, from where
    /// it was (files, video on demand) or at the live edge, or given up on for this turn.
    mutating func itemFailed(_ item: PlayerItem, _ error: PlaybackError) {
        let playing = segments.first?.item == item
        let time = playing ? currentItemTime() : .zero
        // Where to come back to: where it was when it failed, or, when a retry failed to open,
        // where the first failure left it.
        var position: MediaTime?
        if playing, let info = segments.first?.source.info, info.isSeekable, info.duration.isNumeric, time > .zero {
            position = time
        } else if let r = pendingRestartPosition, r.item == item {
            position = r.position
        }
        switch restartPolicy.failed(item.asset.url, queueCount: queue.items.count) {
        case .moveOn(let delay):
            pendingRestartPosition = nil
            itemFailedForGood(item, error, delay: delay)
        case .retry(let delay, let attempt):
            if let (_, entry) = item.apply(.restarting, error: error, at: ports.clock.now()), let entry {
                emit(.newErrorLogEntry(entry), item: item, time: time)
            }
            statistics.restarts += 1
            emit(.itemRestarting(attempt: attempt, delay: Double(delay) / 1e9, error), item: item, time: time)
            if playing { stopCurrent() }
            act(.showSlate("\(Self.shortName(item)) failed (\(error.code.rawValue)); next try in \(Self.wholeSeconds(delay)) s"))
            pendingRestart = PendingRestart(item: item, due: ports.clock.now() + delay, position: position, moveOn: false,
                                            jumps: playing && position == nil && time > .zero)
            pendingRestartPosition = position.map { (item, $0) }
        }
    }

    static func shortName(_ item: PlayerItem) -> String {
        let url = item.asset.url
        return url.split(separator: "/").last.map(String.init) ?? url
    }

    static func wholeSeconds(_ nanoseconds: Int64) -> Int { max(1, Int((Double(nanoseconds) / 1e9).rounded())) }

    /// Carries out a restart that is due. Returns when it is due otherwise.
    mutating func runPendingRestart() -> HostTime? {
        guard let r = pendingRestart else { return nil }
        let now = ports.clock.now()
        guard now >= r.due else { return r.due }
        pendingRestart = nil
        guard queue.current == r.item else { return nil }
        if r.moveOn {
            advance(reason: nil)
            return nil
        }
        if let p = r.position { deferredSeek = SeekRequest(target: p) }
        if r.jumps { jumpAtStart = r.item }
        startCurrent()
        return nil
    }

    /// Ends a run of failures once the item has played long enough (or to its end).
    mutating func noteProgress(ended item: PlayerItem? = nil) {
        if let item {
            restartPolicy.progressed(item.asset.url)
            if progressMark?.item == item { progressMark = nil }
            return
        }
        guard let mark = progressMark, segments.first?.item == mark.item, !rate.isPaused, !phase.isStarting,
              currentItemTime() - mark.from >= Self.progressSpan else { return }
        restartPolicy.progressed(mark.item.asset.url)
        pendingRestartPosition = nil
        progressMark = nil
    }
}
