import PlayheadCore

extension PlaybackCore {
    mutating func handle(_ command: EngineCommand) {
        switch command {
        case .insert(let item, let after):
            let wasEmpty = queue.items.isEmpty
            if queue.insert(item, after: after), wasEmpty { startCurrent() }
        case .insertAll(let items):
            let wasEmpty = queue.items.isEmpty
            for item in items { queue.insert(item, after: nil) }
            if wasEmpty { startCurrent() }
        case .remove(let item):
            if queue.remove(item) {
                stopCurrent()
                startCurrent()
            } else {
                discard(item)
            }
        case .removeAll:
            stopCurrent()
            for item in queue.items { discard(item) }
            queue.removeAll()
            emit(.currentItemChanged, item: nil, time: .zero)
        case .replaceQueue(let items):
            scheduledStart = nil
            replaceQueue(items)
        case .advance:
            scheduledStart = nil
            advance(reason: nil)
        case .replaceCurrent(let item):
            stopCurrent()
            queue.replaceCurrent(with: item)
            startCurrent()
        case .setRate(let newRate):
            guard status != .failed || newRate.isPaused else { break }
            if let refusal = capabilities.refusal(of: newRate) {
                emit(.refused(refusal), item: segments.first?.item, time: currentItemTime())
                break
            }
            // Whoever asks for a rate now is in charge: an interruption ending must not undo it.
            interruptions.cancelResume()
            rateBeforeInterruption = nil
            setRate(newRate)
        case .playAt(let newRate, let itemTime, let host):
            guard status != .failed, !newRate.isPaused, !newRate.isReverse, queue.current != nil else { break }
            interruptions.cancelResume()
            rateBeforeInterruption = nil
            groupLost = nil
            groupCatchUp = nil
            setRate(newRate)
            scheduledStart = ScheduledStart(itemTime: itemTime, host: host)
            beginSeek(SeekRequest(target: itemTime, toleranceBefore: .zero, toleranceAfter: .zero), internal: true)
        case .holdSlate(let text):
            scheduledStart = nil
            setRate(.paused)
            act(.showSlate(text))
        case .seek(let request, let completion):
            scheduledStart = nil
            // Sought by its user, a group's member stalled no longer owes the group its place.
            groupLost = nil
            groupCatchUp = nil
            seeksTaken += 1
            let (id, actions) = seeks.request(request)
            if let completion { seekCompletions[id] = completion }
            for action in actions { perform(action) }
            beginSeek(request, internal: false)
        case .step(let count):
            step(by: count)
        case .setVolume(let v):
            volume = min(max(v, 0), 1)
        case .setMuted(let m):
            muted = m
        case .setActionAtItemEnd(let a):
            actionAtItemEnd = a
        case .setLoopMode(let mode):
            queue.loopMode = mode
            dropPreroll()
        case .trackToggled(let item, let type, let enabled):
            trackToggled(item, type, enabled)
        case .selectionChosen(let item, let characteristic):
            selectionChosen(item, characteristic)
        case .displayed(let tag):
            displayed(tag)
        case .beginInterruption(let kind):
            carryOut(interruptions.began(kind, isPlaying: !rate.isPaused))
        case .endInterruption(let shouldResume):
            carryOut(interruptions.ended(shouldResume: shouldResume))
        case .audioDevice(let event):
            routePolicy?.isPlaying = !rate.isPaused
            if let actions = routePolicy?.handle(event) { carryOut(actions) }
        case .overrideRoute(let route):
            routePolicy?.isPlaying = !rate.isPaused
            if let actions = routePolicy?.override(to: route) { carryOut(actions) }
        case .opened, .respond, .wedge, .shutdown:
            // The driver's own.
            break
        }
    }

    mutating func setRate(_ newRate: PlaybackRate) {
        let old = rate
        guard newRate != old else { return }
        let now = ports.clock.now()
        let itemTime = currentItemTime()
        rate = newRate
        // The source's direction, not the last rate's: reversed, paused, then played forward,
        // the source still read backwards and the item never ended.
        if let seg = segments.first, !newRate.isPaused, seg.readsBackwards != newRate.isReverse {
            // Changing direction: decode from here in the new direction.
            // Start from the frame next to the one on screen, so that it is not shown twice.
            var target = itemTime
            if let shown = onScreen, shown.item == segments.first?.item {
                target = newRate.isReverse ? shown.pts - MediaTime(value: 1, timescale: 1_000_000_000) : shown.end
            }
            clock.setRate(newRate, at: now)
            beginSeek(SeekRequest(target: target, toleranceBefore: .zero, toleranceAfter: .zero), internal: true)
        } else {
            clock.setRate(phase.isRunning ? newRate : .paused, at: now)
        }
        if newRate.isPaused {
            ports.audioSink.pause()
        } else if newRate.isNormal || ensureStretcher() {
            // Sound made for another rate (in the device, in the stretcher's window) is played
            // again from here at this one; the clock stays where it is.
            let madeFor = audioMap.writtenRate ?? (stretch?.holdsSound == true ? stretch?.tempo : nil)
            if let madeFor, madeFor != newRate {
                requeueAudio(at: timelineNow())
            } else if newRate.stretchesAudio {
                restartStretch()
            }
            ports.audioSink.resume()
        } else {
            // Reverse, or beyond what the stretcher takes: muted, as AVFoundation does.
            ports.audioSink.pause()
            flushAudio()
        }
        emit(.rateChanged(newRate.doubleValue), item: segments.first?.item, time: itemTime)
        if old.isPaused != newRate.isPaused {
            fire(ports.observers.withLock { $0.playbackChanged(playing: !newRate.isPaused, at: itemTime) })
        }
    }

    /// Starts decoding the current item from `request.target` and shows nothing until the
    /// first acceptable frame is there.
    mutating func beginSeek(_ request: SeekRequest, internal isInternal: Bool) {
        guard var seg = segments.first else {
            // Not open yet: the seek applies as soon as it is (a start position).
            if queue.current != nil { deferredSeek = request; return }
            if !isInternal { for action in seeks.landed() { perform(action) } }
            return
        }
        dropPreroll(keepingOpened: true)
        stopKeeping()
        video.removeAll()
        flushAudio()
        // Its end (or, in reverse, its start) is reached anew from the new place: without this,
        // played on after its end and a seek, an item never ended and its time ran on for ever
        // (forward past 300 s in a 0.2 s clip, reverse to -24 s: found by ItemFuzz).
        seg.restart()
        seg.offset = .zero
        segments[0] = seg
        let target = request.target
        seg.source.seek(to: target, backwards: rate.isReverse)
        segments[0].readsBackwards = rate.isReverse
        pendingSeek = request
        clock.reset(media: target, host: ports.clock.now())
        act(.flushVideo)
    }

    /// `keepingDevice`: the sink keeps what it was given (to be heard out); the engine's own
    /// bookkeeping starts again all the same.
    mutating func flushAudio(keepingDevice: Bool = false) {
        sound.removeAll()
        audioEpoch &+= 1
        if !keepingDevice { ports.audioSink.flush() }
        audioMap.reset()
        restartStretch()
    }

    mutating func trackToggled(_ item: PlayerItem, _ type: MediaType, _ enabled: Bool) {
        guard let seg = segments.first, seg.item == item else { return }
        // What was kept has the tracks that were on.
        kept = nil
        seg.source.setEnabled(enabled, mediaType: type)
        if enabled {
            // A track coming back must be decoded from here: resume both at this time.
            beginSeek(SeekRequest(target: currentItemTime(), toleranceBefore: .zero, toleranceAfter: .zero), internal: true)
        } else if type == .video {
            video.removeAll { $0.item == item }
            segments[0].videoStream.reachedEnd()
        } else if type == .audio {
            flushAudio()
            segments[0].audioStream.reachedEnd()
        }
    }

    /// An item's open answered (or was given up): keep what it gave for the item's turn.
    mutating func openFinished(_ item: PlayerItem, _ result: Result<any MediaSource, PlaybackError>) {
        opening.remove(item)
        guard queue.items.contains(item) || queue.upNext == item else {
            if case .success(let s) = result { act(.close(s)) }
            return
        }
        opened[item] = budgeted(item, result)
        if segments.isEmpty && queue.current == item { startCurrent() }
    }
}
