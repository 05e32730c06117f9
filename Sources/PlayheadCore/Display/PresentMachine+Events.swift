extension PresentMachine {
    /// The device's answer to the action handed out last; `now` is when it came.
    public mutating func handle(_ event: Event, now: Int64) -> [Effect] {
        guard case .out(let step) = phase else { preconditionFailure("\(event) answers no action") }
        phase = .idle
        switch (step, event) {
        case (.flip, .flips(let flips)):
            return flipped(flips, now: now)
        case (.stillFlip(let ticket, let target), .flips(let flips)):
            if let last = flips.last { lastVblank = last.vblankNanoseconds }
            return ticket.map { [.saveCapture(ticket: $0, target)] } ?? []
        case (.hotplug, .screen(let change)):
            apply(change)
        case (.follow(let p), .screen(let change)):
            apply(change)
            if let buffer = ring.acquire() { phase = .due(.prepare(p, buffer: buffer)) }
        case (.prepare(let p, let buffer), .prepared(let plane)):
            let job = Job(frame: p.frame, due: p.due, arrivedAt: p.arrivedAt, buffer: buffer, plane: plane)
            // Already too late: dropped before the drawing, whose time (most of a frame's on a
            // small board scaling in software) goes to the decoder instead.
            if drawEstimate > 0 && dropsLate(job, drawing: drawEstimate, now: now) {
                ring.release(buffer)
            } else {
                phase = .due(.draw(job))
            }
        case (.draw(let job), .drawn(let took)):
            statistics.drawNanoseconds += took
            statistics.drawn += 1
            drawEstimate = drawEstimate == 0 ? took : (drawEstimate * 7 + took) / 8
            phase = .waitingToCommit(job, at: timing.commitTime(due: job.due.nanoseconds))
        case (.draw(let job), .drawFailed(let message)):
            ring.release(job.buffer)
            statistics.dropped += 1
            statistics.drawFailures += 1
            guard message != lastDrawError else { return [] }
            lastDrawError = message
            return [.warning("display: cannot draw the picture: \(message); its frames are dropped")]
        case (.commit(let job, let target), .committed(let result)):
            return committed(job, capture: target, result, now: now)
        case (.commitStill(_, let target), .committed(.queued(let ticket))):
            phase = .due(.stillFlip(ticket: ticket, target))
            if ticket == nil { return [.captureLost(target, why: "\(device) took the commit for it without a writeback capture")] }
        case (.commitStill(_, let target), .committed(.refused(let reason, _))):
            return [.captureLost(target, why: "\(device) refused the commit for it (\(reason))")]
        default:
            preconditionFailure("\(event) does not answer \(step)")
        }
        return []
    }

    mutating func apply(_ change: ScreenChange) {
        switch change {
        case .none:
            break
        case .lost:
            connected = false
            statistics.disconnects += 1
        case .unusable, .switchedOff:
            connected = false
        case .switchedOn(let refreshing):
            connected = true
            refresh = refreshing
        case .modeSet(let refreshing):
            connected = true
            refresh = refreshing
            // The modeset put buffer 0 on screen: the ring starts over from there, and the
            // picture shown before is no longer there to be captured again.
            startOver()
        }
    }

    mutating func committed(_ job: Job, capture target: CapturePlan.Target?, _ result: PresentCommit, now: Int64) -> [Effect] {
        switch result {
        case .queued(let ticket):
            var effects: [Effect] = []
            if commitsRefused {
                commitsRefused = false
                effects.append(.info("display: \(device) takes page flips again"))
            }
            let capture = ticket.flatMap { t in target.map { (ticket: t, target: $0) } }
            if let target, ticket == nil { effects.append(.captureLost(target, why: "\(device) took the picture without a writeback capture")) }
            let flip = PresentedBuffer<Plane>.Flip(due: job.due, arrivedAt: job.arrivedAt, committedAt: now, displayTag: job.frame.displayTag, pts: job.frame.pts,
                                                   capture: capture, picture: job.frame.picture)
            ring.queue(job.buffer, record: PresentedBuffer(plane: job.plane, flip: flip))
            return effects
        case .refused(let reason, let cardGone):
            ring.release(job.buffer)
            statistics.failedCommits += 1
            statistics.dropped += 1
            let lost = target.map { [Effect.captureLost($0, why: "\(device) refused its page flip (\(reason))")] } ?? []
            if cardGone { failure = PlaybackError(.deviceFailed, "\(device): the display card went away") }
            guard !commitsRefused else { return lost }
            commitsRefused = true
            return lost + [.warning("display: \(device) refused a page flip (\(reason)); pictures are dropped while it does, the sound goes on; "
                + "if the card was removed, restart playhead once it is back")]
        }
    }

    /// The flips that came while waiting; none: the wait ran out (a stopped CRTC, a lost
    /// event), and the buffer is freed rather than the loop hung.
    mutating func flipped(_ flips: [PresentFlip], now: Int64) -> [Effect] {
        guard !flips.isEmpty else {
            var effects: [Effect] = []
            if let q = ring.queued {
                if let c = ring.record(of: q)?.flip?.capture {
                    effects.append(.discardCapture(ticket: c.ticket, c.target, why: "its picture never reached the screen"))
                }
                ring.commitFailed(q)
            }
            statistics.failedCommits += 1
            return effects
        }
        var effects: [Effect] = []
        for event in flips {
            let record = event.buffer.flatMap { ring.record(of: $0) }
            ring.flipped()
            lastVblank = event.vblankNanoseconds
            guard let buffer = event.buffer, let record, let flip = record.flip else { continue }
            // On screen now: only its plane is kept, for a screenshot of the screen standing still.
            if ring.current == buffer {
                ring.update(buffer, record: PresentedBuffer(plane: record.plane, flip: nil))
                shownPicture = flip.picture
            }
            if flip.displayTag != 0 { effects.append(.displayed(flip.displayTag)) }
            if let c = flip.capture { effects.append(.saveCapture(ticket: c.ticket, c.target)) }
            let delay = HostTime(nanoseconds: event.vblankNanoseconds) - flip.due
            lastFlipOffset = delay
            trace?.add(pts: flip.pts, due: flip.due.nanoseconds, arrived: flip.arrivedAt, committed: flip.committedAt, vblank: event.vblankNanoseconds,
                       sequence: event.sequence)
            statistics.commitToFlipNanoseconds += event.vblankNanoseconds - flip.committedAt
            statistics.flipped(delay: delay, refreshNanoseconds: refresh, now: now)
        }
        return effects
    }
}
