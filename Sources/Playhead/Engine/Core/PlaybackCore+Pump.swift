extension PlaybackCore {
    /// One pass of the loop. Returns when it next has something to do (nil: when woken).
    mutating func pump(videoLeadNanoseconds: Int64) -> HostTime? {
        awaitingWake = false
        if pendingRestart != nil {
            if let due = runPendingRestart() { return due }
            if pendingRestart != nil || segments.isEmpty { return ports.clock.now() + 1_000_000 }
        }
        guard !segments.isEmpty else {
            if let item = queue.current { ensureOpening(item) }
            awaitingWake = true
            return nil
        }
        let videoPending = fillVideo()
        guard !segments.isEmpty else { return nil }
        let audioPending = fillAudio()
        guard !segments.isEmpty else { return nil }
        if pendingSeek != nil {
            landSeek()
            if pendingSeek != nil {
                awaitingWake = true
                return nil
            }
        }
        updateWaiting()
        let now = ports.clock.now()
        writeAudio()
        syncClockToAudio(now)
        forgetHeardAudio()
        var deadlines: [HostTime?] = [presentVideo(now, lead: videoLeadNanoseconds), retryBusyRoute(now)]
        if phase.isStarting, let until = groupWaitUntil { deadlines.append(until) }
        if let since = phase.stalledSince, let limit = ports.stallLimitNanoseconds {
            deadlines.append(HostTime(nanoseconds: since.nanoseconds + limit))
        }
        checkStall(now, videoPending: videoPending)
        // The next item joins first: an item read to its end in this pass, and already over,
        // is followed by it rather than closed and opened again.
        prerollNext()
        checkEnd()
        guard !segments.isEmpty else { return nil }
        noteProgress()
        if !rate.isPaused && phase.isRunning {
            let t = currentItemTime()
            fire(ports.observers.withLock { $0.advance(to: t) })
            if let next = ports.observers.withLock({ $0.nextDeadline(after: t, forward: !rate.isReverse) }) {
                deadlines.append(clock.hostTime(for: segments[0].offset + next))
            }
            deadlines.append(audioRefillDeadline(now))
            deadlines.append(endDeadline())
        }
        let sink = ports.audioSink
        let wake = PassWake.decide(.init(
            now: now, deadlines: deadlines.compactMap { $0 }, videoPending: videoPending, videoLineEmpty: video.isEmpty,
            audioPending: audioPending, deviceEmpty: sink.writtenFrames() <= sink.playedFrames(), soundPlays: audioPlays,
            // Waiting for its start group, it has what it needs: time may pass (the wait's limit).
            starting: phase.isStarting && groupWaitUntil == nil, opening: !opening.isEmpty, virtualClock: ports.clock.isVirtual, paused: rate.isPaused))
        awaitingWake = wake.awaitsWake
        return wake.next
    }

    /// Pulls decoded frames until three wait in line (more at the end of an item looped on
    /// its own, see `videoDepth`). Returns true when the source had none.
    private mutating func fillVideo() -> Bool {
        let depth = videoDepth
        while video.count < depth {
            guard let i = segments.firstIndex(where: { $0.videoToRead }) else { return false }
            switch segments[i].source.pullVideo() {
            case .element(let frame):
                let timeline = segments[i].offset + frame.pts
                if !rate.isReverse {
                    segments[i].videoStream.took(end: frame.end)
                    segments[i].decodeSkip.observe(pts: frame.pts, isKeyframe: frame.isKeyframe)
                    keep(frame, from: segments[i].id)
                }
                video.append(QueuedFrame(frame: frame, timeline: timeline, item: segments[i].item, segment: segments[i].id))
            case .pending:
                return true
            case .endOfStream:
                if !rate.isReverse { segments[i].videoStream.took(end: readEnd(of: segments[i])) }
                segments[i].videoStream.reachedEnd()
                if !rate.isReverse { keepEnd(.video, of: segments[i].id) }
            case .failed(let error):
                segmentFailed(i, error)
                return false
            }
        }
        return false
    }

    /// Where what was read of an item ends: the end of its last packet. A decoder leaving
    /// pictures out (keyframes only, behind the clock) hands over its last picture long before
    /// that; ended there, the item would end up to a keyframe interval early, and so would the
    /// wall's followers. Never beyond the container's duration.
    private func readEnd(of seg: Segment) -> MediaTime {
        let read = seg.source.loadedTimeRanges().map(\.end).max() ?? .zero
        let duration = seg.source.info.duration
        return duration.isNumeric ? MediaTime.minimum(read, duration) : read
    }

    /// An item looped on its own is read again by its source only once all of it has been
    /// pulled (`replayAtEnd`): in its last half second the line holds up to eight pictures, so
    /// that the end is seen a quarter of a second before it is due rather than a tenth, and the
    /// next pass's first pictures are decoded in time on a busy board.
    private var videoDepth: Int {
        guard segments.count == 1, let seg = segments.first, queue.upNext == seg.item, actionAtItemEnd == .advance,
              !rate.isReverse else { return 3 }
        let duration = seg.source.info.duration
        guard duration.isNumeric, currentItemTime() >= duration - MediaTime(value: 1, timescale: 2) else { return 3 }
        return 8
    }

    /// Pulls the next audio buffer when none waits. Returns true when the source had none.
    @discardableResult
    mutating func fillAudio() -> Bool {
        guard audio == nil, !rate.isReverse else { return false }
        if sound.takeReplay() { return false }
        while let i = segments.firstIndex(where: { $0.audioToRead }) {
            switch segments[i].source.pullAudio() {
            case .element(let buffer):
                segments[i].audioStream.took(end: buffer.end)
                // Without pictures, the sound says where the stream's clock jumped.
                if buffer.followsClockJump && !segments[i].hasVideo { emit(.timeJumped, item: segments[i].item, time: buffer.pts) }
                keep(buffer, from: segments[i].id)
                sound.take(SoundLine.Piece(buffer: buffer, timeline: segments[i].offset + buffer.pts, segment: segments[i].id))
                return false
            case .pending:
                return true
            case .endOfStream:
                segments[i].audioStream.reachedEnd()
                keepEnd(.audio, of: segments[i].id)
            case .failed(let error):
                segmentFailed(i, error)
                return false
            }
        }
        return false
    }

    private mutating func segmentFailed(_ index: Int, _ error: PlaybackError) {
        let item = segments[index].item
        if index == 0 {
            itemFailed(item, error)
            return
        }
        dropPreroll()
        opened[item] = .failure(error)
    }

    /// Throws away what comes before the seek's target and lands on the first acceptable frame.
    private mutating func landSeek() {
        guard let request = pendingSeek, let seg = segments.first else { return }
        let own = video.prefix { $0.segment == seg.id }.map { (pts: $0.frame.pts, end: $0.frame.end) }
        let found = SeekLanding.find(request, hasVideo: seg.hasVideo, pictures: own, videoReadToEnd: seg.videoStream.isReadToEnd,
                                     soundReady: audio != nil || seg.audioStream.isReadToEnd, reverse: rate.isReverse)
        video.removeFirst(found.dropping)
        guard let landing = found.time else { return }
        pendingSeek = nil
        let now = ports.clock.now()
        clock = PresentationClock(media: landing, host: now, rate: .paused)
        phase = .starting(firstPictureSince: nil)
        segments[0].phase = .awaitingFirstPicture
        for action in seeks.landed() { perform(action) }
        emit(.timeJumped, item: seg.item, time: landing)
        fire(ports.observers.withLock { $0.jumped(to: landing) })
    }

    /// The clock starts once the current item has something to show and to play (`StartCheck`).
    private mutating func updateWaiting() {
        guard case .starting(let waitingSince) = phase, let seg = segments.first else { return }
        let facts = StartCheck.Facts(
            videoReady: !seg.videoToRead || video.contains { $0.segment == seg.id },
            audioReady: !seg.audioToRead || rate.isReverse || audio != nil,
            awaitsDisplay: ports.reportsDisplay && !ports.clock.isVirtual && seg.videoToRead && !rate.isPaused
                && (seg.phase.awaitsFirstPicture || !awaitingDisplay.isEmpty))
        let now = ports.clock.now()
        switch StartCheck.decide(facts, firstPictureSince: waitingSince, now: now) {
        case .wait(let since):
            phase = .starting(firstPictureSince: since)
        case .start:
            // Players of a group start together: the last one ready wakes the others, whose
            // clocks start from the instant it came.
            var from = now
            if startAsScheduled(now) { return }
            if groupCaughtUp(now) {
                groupWaitUntil = nil
                phase = .running
                return
            }
            if let member = ports.startGroup {
                if rate.isPaused {
                    member.group.leave(member.index)
                } else {
                    switch member.group.arrive(member.index, now: now) {
                    case .wait(let until):
                        groupWaitUntil = until
                        return
                    case .start(_, let at):
                        from = min(at, now)
                    }
                }
            }
            groupWaitUntil = nil
            phase = .running
            clock.setRate(rate, at: from)
        }
    }

    private mutating func writeAudio() {
        guard audioPlays, phase.isRunning else {
            dropPastAudio()
            return
        }
        let channels = ports.audioSink.format.channels
        // A device mixer takes the player's volume; ducking stays in software, so that the
        // mixer shows what the user set.
        let wanted = muted ? 0 : volume
        if wanted != hardwareVolumeSent {
            hardwareVolumeInUse = ports.audioSink.applyHardwareVolume(wanted)
            hardwareVolumeSent = wanted
        }
        volumeRamp.setTarget(hardwareVolumeInUse ? duckGain : wanted * duckGain)
        // Rate 1 never goes through the stretcher: its samples reach the device untouched.
        guard rate.isNormal else {
            writeStretchedAudio()
            return
        }
        while true {
            if audio == nil { fillAudio() }
            guard let a = audio else { return }
            let (start, step) = placement(of: a)
            switch step {
            case .drop(let frames):
                sound.dropWaiting(frames: frames, restartingAt: start)
            case .silence(let frames, let at):
                // Silence where the timeline has no sound (a shorter audio track, an item
                // without audio in the queue), so that what follows plays at its time.
                let took = write([Float](repeating: 0, count: frames * channels)[...], at: at)
                // Silence is time passing too: the ramp moves on with it.
                volumeRamp.advance(frames: took)
                if took < frames { return }
            case .write:
                let samples = volumeRamp.applied(to: a.buffer.samples[...], channels: channels)
                let took = write(samples[...], at: a.timeline)
                volumeRamp.advance(frames: took)
                sound.wrote(frames: took)
                if took < a.buffer.frameCount { return }
            }
        }
    }

    /// Where the waiting sound goes (`SoundPlacement`): from where the writes so far ended, or,
    /// for the stretcher, from where its input ended (`inputEnd`).
    func placement(of a: SoundLine.Piece, from inputEnd: MediaTime? = nil) -> (start: MediaTime, step: SoundPlacement.Step) {
        let sink = ports.audioSink
        // A group's member started on the group's instant: its first sound may not pull it back.
        let leeway = ports.startGroup == nil ? SoundPlacement.firstSoundLeeway : .zero
        let start = inputEnd ?? SoundPlacement.start(writtenEnd: audioMap.writtenEnd, timelineNow: timelineNow(),
                                                     deviceStarved: sink.writtenFrames() <= sink.playedFrames(), next: a.timeline,
                                                     leeway: leeway)
        let step = SoundPlacement.step(start: start, next: a.timeline, frames: a.buffer.frameCount,
                                       sampleRate: Int32(sink.format.sampleRate), maxSilenceFrames: sink.bufferCapacityFrames)
        return (start, step)
    }

    /// Writes samples that stand for media from `timeline` on, played at `rate`.
    mutating func write(_ samples: ArraySlice<Float>, at timeline: MediaTime, rate: PlaybackRate = .normal) -> Int {
        let sink = ports.audioSink
        let position = sink.writtenFrames()
        let took = sink.write(samples)
        if took > 0 {
            audioMap.recordWrite(deviceFrame: position, media: timeline, frames: took, rate: rate)
            statistics.audioFramesWritten += Int64(took)
        }
        return took
    }

    /// Not playing audio (paused, muted rates): keep the queue from holding stale sound.
    private mutating func dropPastAudio() {
        guard !rate.isPaused, !phase.isStarting else { return }
        let t = timelineNow()
        while let a = audio, a.timeline + a.buffer.duration <= t {
            audio = nil
            fillAudio()
        }
    }

    /// While sound plays, the clock follows the samples actually played.
    private mutating func syncClockToAudio(_ now: HostTime) {
        guard audioPlays, phase.isRunning else { return }
        let sink = ports.audioSink
        let played = sink.playedFrames()
        guard played < sink.writtenFrames(), let heard = audioMap.mediaTime(playedFrames: played) else { return }
        let drift = heard - clock.mediaTime(at: now)
        if drift > MediaTime(value: 2, timescale: 1000) || drift < MediaTime(value: -2, timescale: 1000) {
            clock.reset(media: heard, host: now)
        }
    }

    private func audioRefillDeadline(_ now: HostTime) -> HostTime? {
        let sink = ports.audioSink
        let more = audio != nil || sound.hasReplay || segments.contains(where: { $0.audioToRead })
        // Stretched sound: the window's tail is let out when the device runs low.
        guard audioPlays, more || stretch?.holdsSound == true else { return nil }
        return PassWake.refillDeadline(now: now, bufferedFrames: sink.writtenFrames() - sink.playedFrames(),
                                       capacityFrames: sink.bufferCapacityFrames, sampleRate: sink.format.sampleRate)
    }
}
