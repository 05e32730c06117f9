import PlayheadCore

extension PlaybackCore {
    /// Asks the driver to open an item (`.open`); the result comes back through `openFinished`.
    mutating func ensureOpening(_ item: PlayerItem) {
        guard opened[item] == nil, !opening.contains(item) else { return }
        opening.insert(item)
        openAttempts += 1
        act(.open(item, attempt: openAttempts))
    }

    /// Makes the queue's first item the playing one, once it is open.
    mutating func startCurrent() {
        guard segments.isEmpty, let item = queue.current else { return }
        guard let result = opened.removeValue(forKey: item) else {
            ensureOpening(item)
            return
        }
        switch result {
        case .failure(let error):
            itemFailed(item, error)
        case .success(let source):
            segments = [activate(item, source, offset: .zero)]
            syncBudgetShare()
            // Kept only when it follows itself: a short item played once would hold its
            // pictures for nothing.
            if deferredSeek == nil, queue.upNext == item { beginKeeping(segments[0]) }
            video.removeAll()
            flushAudio()
            phase = .starting(firstPictureSince: nil)
            clock = PresentationClock(media: .zero, host: ports.clock.now(), rate: .paused)
            lastPresentedEnd = nil
            progressMark = (item, deferredSeek?.target ?? .zero)
            emit(.currentItemChanged, item: item, time: .zero)
            if jumpAtStart == item, deferredSeek == nil { emit(.timeJumped, item: item, time: .zero) }
            jumpAtStart = nil
            fire(ports.observers.withLock { $0.jumped(to: .zero) })
            keepRateWithinCapabilities()
            if let request = deferredSeek {
                deferredSeek = nil
                beginSeek(request, internal: true)
            }
        }
    }

    /// Announces an opened item and starts its decoding; returns its segment.
    mutating func activate(_ item: PlayerItem, _ source: any MediaSource, offset: MediaTime) -> Segment {
        act(.watchToggles(item))
        if let (status, entry) = item.apply(.opened, info: source.info, at: ports.clock.now()) {
            if let entry { emit(.newErrorLogEntry(entry), item: item, time: .zero) }
            emit(.itemStatusChanged(status), item: item, time: .zero)
        }
        for type in [MediaType.video, .audio] where !item.isEnabled(type) {
            source.setEnabled(false, mediaType: type)
        }
        source.start(wake: ports.wake)
        defer { nextSegmentID += 1 }
        var segment = Segment(id: nextSegmentID, item: item, source: source, offset: offset)
        if keyFramesOnly.remove(item) != nil { segment.decodeSkip = DecodeSkipPolicy(floor: .nonKey) }
        segment.budgetShare = budgetShares.removeValue(forKey: item) ?? 0
        return segment
    }

    /// Stops the current item (replaced, removed): its source is closed, its seeks cancelled.
    /// `keepingSound`: the device plays out what it holds (the queue's natural end) rather than
    /// dropping it.
    mutating func stopCurrent(keepingSound: Bool = false) {
        groupLost = nil
        groupCatchUp = nil
        for action in seeks.cancel() { perform(action) }
        pendingSeek = nil
        deferredSeek = nil
        if phase.isStalled { phase = .starting(firstPictureSince: nil) }
        for s in segments {
            if !s.replaysPrevious { act(.close(s.source)) }
            act(.unwatchToggles(s.item))
        }
        segments.removeAll()
        kept = nil
        dropDecodingAhead()
        video.removeAll()
        flushAudio(keepingDevice: keepingSound)
        act(.flushVideo)
        syncBudgetShare()
    }

    /// Closes a pre-rolled item that will not follow after all (a seek, a queue edit).
    /// `keepingOpened`: the items opened but not yet started stay (a seek in the current item
    /// does not change what comes next, and opening again costs a network round trip).
    mutating func dropPreroll(keepingOpened: Bool = false) {
        dropDecodingAhead()
        while segments.count > 1 {
            let s = segments.removeLast()
            video.removeAll { $0.segment == s.id }
            sound.remove(segment: s.id)
            if !s.replaysPrevious { act(.close(s.source)) }
        }
        syncBudgetShare()
        if keepingOpened { return }
        for (item, result) in opened where item != queue.current {
            if case .success(let source) = result { act(.close(source)) }
            opened[item] = nil
            dropBudgetShare(of: item)
        }
    }

    mutating func dropDecodingAhead() {
        guard let s = decodingAhead else { return }
        decodingAhead = nil
        act(.close(s.source))
        act(.unwatchToggles(s.item))
        syncBudgetShare()
    }

    mutating func discard(_ item: PlayerItem) {
        if case .success(let source) = opened.removeValue(forKey: item) { act(.close(source)) }
        dropBudgetShare(of: item)
    }

    /// The current item failed to open or to play, and is not tried again: announce it and go
    /// on with the queue (after `delay`, when the whole queue keeps failing).
    mutating func itemFailedForGood(_ item: PlayerItem, _ error: PlaybackError, delay: Int64) {
        let time = segments.first?.item == item ? currentItemTime() : .zero
        if let (status, entry) = item.apply(.failed, error: error, at: ports.clock.now()) {
            if let entry { emit(.newErrorLogEntry(entry), item: item, time: time) }
            if status == .failed { emit(.itemStatusChanged(.failed), item: item, time: time) }
        }
        emit(.failedToPlayToEndTime(error), item: item, time: time)
        if segments.first?.item == item { stopCurrent() }
        guard delay > 0 else {
            advance(reason: nil)
            return
        }
        act(.showSlate("nothing could be played; next try in \(Self.wholeSeconds(delay)) s"))
        pendingRestart = PendingRestart(item: item, due: ports.clock.now() + delay, position: nil, moveOn: true)
    }

    /// Moves to the next item of the queue (end of item, failure, advanceToNextItem).
    /// `playedToEnd`: the item ended by itself; when nothing follows, its last sound is heard
    /// out. The end is judged on the sound's estimated position, which can run a timer tick or
    /// more ahead of the device: dropping the device there cut the last 16-20 ms of a tone.
    mutating func advance(reason: Void?, playedToEnd: Bool = false) {
        pendingRestart = nil
        stopCurrent(keepingSound: playedToEnd && queue.upNext == nil)
        let previous = queue.current
        let next = queue.advance()
        if let previous, next != previous { discard(previous) }
        if next == nil {
            emit(.currentItemChanged, item: nil, time: .zero)
            return
        }
        startCurrent()
    }

    /// A playlist edited at the console: the current item keeps playing when it stays first,
    /// and the queue never passes through empty (which would end the player).
    mutating func replaceQueue(_ items: [PlayerItem]) {
        if let r = pendingRestart, items.first != r.item { pendingRestart = nil }
        let keep = queue.current != nil && items.first == queue.current
        if !keep { stopCurrent() }
        dropPreroll()
        for item in queue.items where !items.contains(item) { discard(item) }
        queue.removeAll()
        for item in items { queue.insert(item, after: nil) }
        if items.isEmpty {
            emit(.currentItemChanged, item: nil, time: .zero)
        } else if !keep {
            startCurrent()
        }
    }
}
