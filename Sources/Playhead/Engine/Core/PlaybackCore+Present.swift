extension PlaybackCore {
    /// Shows the frames that are due, drops those overtaken; returns when the next is due.
    mutating func presentVideo(_ now: HostTime, lead: Int64) -> HostTime? {
        guard let seg = segments.first else { return nil }
        if rate.isPaused || phase.isStarting {
            // Paused after a start or seek: show where we are, as a player does.
            if seg.phase.awaitsFirstPicture, let q = video.first, q.segment == seg.id {
                present(q, dueAt: now, now: now)
                video.removeFirst()
            }
            return nil
        }
        if phase.isStalled { return nil }
        // Frames go to the sink `lead` early; whether one is late is judged at that moment too.
        let t = clock.mediaTime(at: now + lead)
        while let q = video.first {
            var frame = q.frame
            frame.pts = q.timeline
            var next: VideoFrame?
            if video.count > 1 {
                next = video[1].frame
                next!.pts = video[1].timeline
            }
            switch scheduler.decide(frame: frame, next: next, now: t, forward: !rate.isReverse) {
            case .present:
                present(q, dueAt: clock.hostTime(for: q.timeline) ?? now, now: now + lead)
                video.removeFirst()
            case .drop:
                statistics.framesDropped += 1
                video.removeFirst()
            case .wait(let until):
                return clock.hostTime(for: until).map { $0 + (-lead) }
            }
        }
        return nil
    }

    private mutating func present(_ q: QueuedFrame, dueAt due: HostTime, now: HostTime) {
        var frame = q.frame
        let index = segments.firstIndex(where: { $0.id == q.segment })
        let first = index.map { segments[$0].phase.awaitsFirstPicture } ?? false
        if first && ports.reportsDisplay {
            frame.displayTag = nextDisplayTag
            awaitingDisplay[nextDisplayTag] = (q.item, q.frame.pts)
            nextDisplayTag += 1
        }
        act(.present(frame, dueAt: due))
        // The stream's own clock jumped here; its time was made to follow on, so the item's
        // time does not jump, but what is shown does (an HLS discontinuity, a joined recording).
        if q.frame.followsClockJump { emit(.timeJumped, item: q.item, time: q.frame.pts) }
        statistics.framesPresented += 1
        if now - due > q.frame.duration.nanoseconds { statistics.framesLate += 1 }
        statistics.lastPictureOffsetNanoseconds = now - due
        lastPresentedEnd = q.timeline + q.frame.duration
        onScreen = (q.item, q.frame.pts, q.frame.pts + q.frame.duration)
        // Late frames mean decoding cannot keep up: let the decoder leave frames out until the
        // picture is back on time, rather than fall further behind the clock.
        if !ports.clock.isVirtual, let i = index {
            if segments[i].decodeSkip.update(latenessNanoseconds: now - due) {
                segments[i].source.setDecodeSkip(segments[i].decodeSkip.level)
                stopKeeping(segment: segments[i].id)
                statistics.decodeSkipChanges += 1
                statistics.decodeSkipDeepest = max(statistics.decodeSkipDeepest, segments[i].decodeSkip.level)
            }
        }
        if first, let i = index {
            segments[i].phase.pictureShown()
            if !ports.reportsDisplay { emit(.readyForDisplay, item: q.item, time: q.frame.pts) }
        }
    }

    /// A display confirmed a tagged frame on screen. Earlier tags whose frames were overtaken
    /// (dropped, flushed) count as shown too: their items' pictures have been replaced.
    mutating func displayed(_ tag: UInt64) {
        for t in awaitingDisplay.keys.sorted() where t <= tag {
            guard let waiting = awaitingDisplay.removeValue(forKey: t) else { continue }
            emit(.readyForDisplay, item: waiting.item, time: waiting.pts)
        }
    }

    /// Playback ran dry (the network, a slow disk): stop the clock and say so, once; go on
    /// when data is back; fail the item past the stall limit. `StallCheck` decides.
    /// On a virtual clock too: it never moves by itself while the loop waits for data, so only
    /// a test that lets time pass (a source held dry) sees a stall there.
    mutating func checkStall(_ now: HostTime, videoPending: Bool) {
        // While starting, StallCheck waits too: the start is StartCheck's to decide.
        guard let seg = segments.first, !rate.isPaused else { return }
        let t = clock.mediaTime(at: now)
        let itemTime = t - seg.offset
        let facts = StallCheck.Facts(
            itemTime: itemTime, hasVideo: seg.hasVideo, videoToRead: seg.videoToRead, videoPending: videoPending,
            videoQueued: !video.isEmpty, lastPictureEnd: lastPresentedEnd.map { $0 - seg.offset },
            // Asked only when it matters: loadedTimeRanges takes the source's lock.
            readBeyondClock: phase.isRunning && videoPending && video.isEmpty && demuxedBeyond(seg, itemTime: itemTime),
            audioToRead: seg.audioToRead, audioQueued: audio != nil,
            // Stretched sound: what the stretcher's window holds has been decoded, and comes out
            // with the next input; the sound is dry only once the clock has passed it.
            soundHeldAhead: stretch.map { $0.holdsSound && $0.inputEnd.map { t < $0 } == true } ?? false,
            deviceStarved: ports.audioSink.playedFrames() >= ports.audioSink.writtenFrames(), audioPlays: audioPlays)
        switch StallCheck.decide(phase, facts, now: now, limitNanoseconds: ports.stallLimitNanoseconds) {
        case .none:
            break
        case .resume:
            if groupResumed(now) { break }
            phase = .running
            clock.setRate(rate, at: now)
        case .fail(let seconds):
            // A failure like any other, tried again by the policy.
            phase = .stalled(since: nil)
            itemFailed(seg.item, PlaybackError(.timedOut, "\(seg.item.asset.url): no data for \(seconds) s (stall-limit); check the source"))
        case .stall:
            groupStalled(now)
            phase = .stalled(since: now)
            statistics.stalls += 1
            clock.setRate(.paused, at: now)
            emit(.playbackStalled, item: seg.item)
        }
    }

    /// Whether the source has read the item further than `itemTime`, or to its end (the last
    /// packet read starts up to a quarter of a second before the end).
    private func demuxedBeyond(_ seg: Segment, itemTime: MediaTime) -> Bool {
        let duration = seg.source.info.duration
        return seg.source.loadedTimeRanges().contains { r in
            r.start <= itemTime && (r.end > itemTime || (duration.isNumeric && r.end + MediaTime(value: 1, timescale: 4) >= duration))
        }
    }

    /// Moves on when the timeline passes the end of the current item (`EndCheck` decides).
    mutating func checkEnd() {
        guard let seg = segments.first, !rate.isPaused, !phase.isStarting else { return }
        let t = timelineNow()
        let videoQueued = rate.isReverse ? !video.isEmpty : video.contains { $0.segment == seg.id }
        // Stretched sound: the window's tail too (see writeStretchedAudio).
        let audioOutstanding = sound.holds(segment: seg.id) || seg.audioToRead || stretch?.holdsSound == true
        let facts = EndCheck.Facts(timeline: t, offset: seg.offset, reverse: rate.isReverse, phase: seg.phase,
                                   nextOffset: segments.count > 1 ? segments[1].offset : nil, fullyRead: seg.fullyDemuxed,
                                   end: seg.end, videoReadToEnd: seg.videoStream.isReadToEnd, videoQueued: videoQueued,
                                   audioOutstanding: audioOutstanding)
        switch EndCheck.decide(facts) {
        case .none:
            break
        case .reachedStart:
            segments[0].phase = .ended
            setRate(.paused)
        case .joinNext:
            let done = segments.removeFirst()
            syncBudgetShare()
            if segments[0].replaysPrevious {
                segments[0].replaysPrevious = false
            } else {
                act(.closeAside(done.source))
            }
            // A looped item goes on: its track switches still apply.
            if done.item != segments[0].item {
                act(.unwatchToggles(done.item))
                kept = nil
            }
            emit(.didPlayToEndTime, item: done.item, time: done.end)
            noteProgress(ended: done.item)
            let previous = queue.current
            queue.advance()
            if let previous, queue.current != previous { discard(previous) }
            let current = segments[0]
            progressMark = (current.item, .zero)
            emit(.currentItemChanged, item: current.item, time: t - current.offset)
            if current.item == done.item {
                // It followed itself: its time went back to its start.
                emit(.timeJumped, item: current.item, time: t - current.offset)
            }
            fire(ports.observers.withLock { $0.jumped(to: t - current.offset) })
            if current.item != done.item { keepRateWithinCapabilities() }
        case .ended:
            segments[0].phase = .ended
            emit(.didPlayToEndTime, item: seg.item, time: seg.end)
            noteProgress(ended: seg.item)
            switch actionAtItemEnd {
            case .advance: advance(reason: nil, playedToEnd: true)
            case .pause: setRate(.paused)
            case .none: break
            }
        }
    }

    func endDeadline() -> HostTime? {
        guard let seg = segments.first, seg.fullyDemuxed, !rate.isReverse else { return nil }
        let end = segments.count > 1 ? segments[1].offset : seg.offset + seg.end
        return clock.hostTime(for: end)
    }

    /// Makes the next item ready to follow this one without a gap, as `NextItemPlan` decides.
    mutating func prerollNext() {
        guard let current = segments.first else { return }
        let next = queue.upNext
        var nextOpened = false
        if let next, case .success? = opened[next] { nextOpened = true }
        let follower: NextItemPlan.Follower = next == nil ? .none
            : next == current.item && current.source.info.isSeekable ? .itself : .another
        let facts = NextItemPlan.Facts(
            follower: follower, queuedBehind: segments.count > 1, queuedBehindIsNext: segments.count > 1 && segments[1].item == next,
            decodingAhead: decodingAhead != nil, decodingAheadIsNext: decodingAhead?.item == next,
            mayFollow: !rate.isReverse && actionAtItemEnd == .advance && pendingSeek == nil, fullyRead: current.fullyDemuxed,
            itemTime: currentItemTime(), duration: current.source.info.duration, nextOpened: nextOpened)
        for action in NextItemPlan.decide(facts) {
            switch action {
            case .dropQueuedBehind:
                dropPreroll(keepingOpened: true)
            case .dropDecodingAhead:
                dropDecodingAhead()
            case .readAgain:
                replayAtEnd()
            case .open:
                if let next { ensureOpening(next) }
            case .decodeAhead:
                guard let next, case .success(let source)? = opened.removeValue(forKey: next) else { break }
                decodingAhead = activate(next, source, offset: .zero)
                syncBudgetShare()
            case .queueBehind:
                guard var ahead = decodingAhead else { break }
                decodingAhead = nil
                ahead.offset = segments[0].offset + segments[0].end
                segments.append(ahead)
            }
        }
    }

    /// An item looped on its own is played again from memory when its whole pass was kept
    /// (`PlaybackCore+Loop`), or else read again from its start by the same source once it has
    /// been read to its end; that pass is queued behind this one. Opening it again each pass
    /// probed the file on a thread given way to playback, which on a busy small board did not
    /// finish before a short clip's end: the last picture held until it did.
    private mutating func replayAtEnd() {
        let current = segments[0]
        if let again = replayFromMemory(after: current) {
            nextSegmentID += 1
            segments.append(again)
            return
        }
        current.source.seek(to: .zero, backwards: false)
        var again = Segment(id: nextSegmentID, item: current.item, source: current.source, offset: current.offset + current.end)
        nextSegmentID += 1
        again.replaysPrevious = true
        if kept == nil { beginKeeping(again) }
        // The decoder's skip level stays with the source.
        again.decodeSkip = current.decodeSkip
        again.budgetShare = current.budgetShare
        segments.append(again)
    }
}
