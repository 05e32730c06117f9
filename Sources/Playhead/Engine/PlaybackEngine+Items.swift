import PlayheadSys
import Synchronization

extension PlaybackEngine {
    /// Opens an item on a thread of its own; the result comes back as a command.
    func ensureOpening(_ item: PlayerItem) {
        guard opened[item] == nil, !opening.contains(item) else { return }
        opening.insert(item)
        let backend = env.backend, options = env.sourceOptions
        openAttempts += 1
        let attempt = openAttempts
        let open: @Sendable () -> Void = { [self] in
            let result: Result<any MediaSource, PlaybackError>
            do throws(PlaybackError) {
                let probe = try Self.probeGivingWay(item, backend: backend, options: options)
                result = .success(try probe.makeSource(options: options))
            } catch {
                result = .failure(error)
            }
            post(.opened(item, result, attempt: attempt))
        }
        let started = MonotonicClock().now().nanoseconds
        // Stepped: opened right here; the result is taken up by the next step, as a thread's is.
        guard !env.stepped else {
            openers[item] = ItemOpener(thread: nil, attempt: attempt, startedNanoseconds: started)
            open()
            return
        }
        let thread = WorkerThread(name: "ph-open") {
            // The codec's threads, made here, inherit this.
            WorkerThread.giveWayAsDecoding()
            open()
        }
        openers[item] = ItemOpener(thread: thread, attempt: attempt, startedNanoseconds: started)
    }

    /// Fails the items whose open has taken longer than its bound and leaves their threads
    /// behind (detached: each frees itself if it ever returns). Real time, not the engine's
    /// clock: a virtual clock stands still while an item opens.
    func abandonOverdueOpens() {
        guard !openers.isEmpty else { return }
        let now = MonotonicClock().now().nanoseconds
        let bound = ItemOpener.boundNanoseconds(networkTimeout: env.sourceOptions.networkTimeoutNanoseconds)
        for (item, opener) in openers where now - opener.startedNanoseconds > bound {
            guard let thread = opener.thread else { continue }
            openers[item] = nil
            opening.remove(item)
            thread.abandon()
            let error = PlaybackError(.timedOut, "\(item.asset.url): opening took more than \(bound / 1_000_000_000) s; given up (is the file on a device that stopped answering?)")
            // As if the opener had answered so: the item fails and the queue goes on.
            openFinished(item, .failure(error))
        }
    }

    /// The asset's own probe when it was loaded (the item is opened once), else a new one made
    /// on a thread that gives way to playback: probing reads and decodes the item's start, and
    /// on a busy board (the next item opened while this one plays) it took the processor from
    /// the pictures right after each item change, which then missed their vblank (seen in the
    /// flip traces). The decoders are made on the opener, at decoding's level: threads inherit it.
    private static func probeGivingWay(_ item: PlayerItem, backend: any MediaBackend,
                                       options: SourceOptions) throws(PlaybackError) -> any ProbedMedia {
        let outcome = Mutex<Result<any ProbedMedia, PlaybackError>?>(nil)
        WorkerThread(name: "ph-probe") {
            WorkerThread.lowerCurrentPriority(toProcessPlus: probeNiceSteps)
            let result: Result<any ProbedMedia, PlaybackError>
            do throws(PlaybackError) {
                result = .success(try item.asset.takeProbe(backend: backend, options: options))
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
        }.join()
        guard let result = outcome.withLock({ $0 }) else {
            throw PlaybackError(.internalError, "\(item.asset.url): the probe thread ended without a result")
        }
        return try result.get()
    }

    /// Closes a source that has played out on the closing thread. Closing joins its demux and
    /// decode threads and frees its decoders: done on the engine's thread at a gapless join, it
    /// held back the next item's second picture, which then missed its vblank at most joins
    /// (seen in the 7.x board's flip traces, where nothing else is late).
    func closeAside(_ source: any MediaSource) {
        closer.async { source.close() }
    }

    /// Ten nice levels below the process: a tenth of the processor's share when playback wants
    /// it all, all of it when idle.
    static var probeNiceSteps: Int32 { 10 }

    /// Makes the queue's first item the playing one, once it is open.
    func startCurrent() {
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
            video.removeAll()
            flushAudio()
            phase = .starting(firstPictureSince: nil)
            clock = PresentationClock(media: .zero, host: env.clock.now(), rate: .paused)
            lastPresentedEnd = nil
            progressMark = (item, deferredSeek?.target ?? .zero)
            emit(.currentItemChanged, item: item, time: .zero)
            fire(observers.withLock { $0.jumped(to: .zero) })
            if let request = deferredSeek {
                deferredSeek = nil
                beginSeek(request, internal: true)
            }
        }
    }

    /// Announces an opened item and starts its decoding; returns its segment.
    func activate(_ item: PlayerItem, _ source: any MediaSource, offset: MediaTime) -> Segment {
        item.setToggleHandler { [weak self] item, type, enabled in
            self?.post(.trackToggled(item, type, enabled))
        }
        if let (status, entry) = item.apply(.opened, info: source.info, at: env.clock.now()) {
            if let entry { emit(.newErrorLogEntry(entry), item: item, time: .zero) }
            emit(.itemStatusChanged(status), item: item, time: .zero)
        }
        for type in [MediaType.video, .audio] where !item.isEnabled(type) {
            source.setEnabled(false, mediaType: type)
        }
        source.start { [weak self] in self?.wake() }
        defer { nextSegmentID += 1 }
        return Segment(id: nextSegmentID, item: item, source: source, offset: offset)
    }

    /// Stops the current item (replaced, removed): its source is closed, its seeks cancelled.
    func stopCurrent() {
        for action in seeks.cancel() { perform(action) }
        pendingSeek = nil
        deferredSeek = nil
        if phase.isStalled { phase = .starting(firstPictureSince: nil) }
        for s in segments {
            if !s.replaysPrevious { s.source.close() }
            s.item.setToggleHandler(nil)
        }
        segments.removeAll()
        dropDecodingAhead()
        video.removeAll()
        flushAudio()
        env.videoSink.flush()
    }

    /// Closes a pre-rolled item that will not follow after all (a seek, a queue edit).
    /// `keepingOpened`: the items opened but not yet started stay (a seek in the current item
    /// does not change what comes next, and opening again costs a network round trip).
    func dropPreroll(keepingOpened: Bool = false) {
        dropDecodingAhead()
        while segments.count > 1 {
            let s = segments.removeLast()
            video.removeAll { $0.segment == s.id }
            sound.remove(segment: s.id)
            if !s.replaysPrevious { s.source.close() }
        }
        if keepingOpened { return }
        for (item, result) in opened where item != queue.current {
            if case .success(let source) = result { source.close() }
            opened[item] = nil
        }
    }

    func dropDecodingAhead() {
        guard let s = decodingAhead else { return }
        decodingAhead = nil
        s.source.close()
        s.item.setToggleHandler(nil)
    }

    func discard(_ item: PlayerItem) {
        if case .success(let source) = opened.removeValue(forKey: item) { source.close() }
    }

    /// The current item failed to open or to play, and is not tried again: announce it and go
    /// on with the queue (after `delay`, when the whole queue keeps failing).
    func itemFailedForGood(_ item: PlayerItem, _ error: PlaybackError, delay: Int64) {
        let time = segments.first?.item == item ? currentItemTime() : .zero
        if let (status, entry) = item.apply(.failed, error: error, at: env.clock.now()) {
            if let entry { emit(.newErrorLogEntry(entry), item: item, time: time) }
            if status == .failed { emit(.itemStatusChanged(.failed), item: item, time: time) }
        }
        emit(.failedToPlayToEndTime(error), item: item, time: time)
        if segments.first?.item == item { stopCurrent() }
        guard delay > 0 else {
            advance(reason: nil)
            return
        }
        showSlate("nothing could be played; next try in \(Self.wholeSeconds(delay)) s")
        pendingRestart = PendingRestart(item: item, due: env.clock.now() + delay, position: nil, moveOn: true)
    }

    /// Moves to the next item of the queue (end of item, failure, advanceToNextItem).
    func advance(reason: Void?) {
        pendingRestart = nil
        stopCurrent()
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
    func replaceQueue(_ items: [PlayerItem]) {
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
