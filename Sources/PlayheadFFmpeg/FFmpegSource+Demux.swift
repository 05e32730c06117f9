import PlayheadCore
import PlayheadSys

extension FFmpegSource {
    /// The demux thread: reads packets and hands them to the decoders until the end, then
    /// waits for a seek or for close.
    func runDemuxer() {
        var cursor = DemuxCursor(audioTiming: audio?.timing)
        if format.hasTimestampDiscontinuities { cursor.continuity = ClockContinuity() }
        // The epoch of the last seek taken (none yet: the first), not the newest: between a
        // seek's new epoch and its request, what is read here is from before the seek and must
        // be refused.
        var current: UInt64 = 0
        while true {
            let (closed, request, audioSwitch) = control.withLock { () -> (Bool, (target: MediaTime, backwards: Bool, epoch: UInt64)?, (index: Int, from: MediaTime)?) in
                while !state.closed && state.request == nil && state.audioSwitch == nil && cursor.atEnd { control.wait() }
                defer { state.request = nil; state.audioSwitch = nil }
                return (state.closed, state.request, state.audioSwitch)
            }
            if closed { return }
            if let audioSwitch {
                // A seek waiting reads everything again anyway; backwards, no sound is read.
                let refill = request == nil && !cursor.backwards ? audioSwitch.from : nil
                switchAudio(to: audioSwitch.index, refillFrom: refill, cursor: &cursor, epoch: current)
                if refill != nil { cursor.atEnd = false }
            }
            if let request {
                current = request.epoch
                cursor.atEnd = false
                cursor.seeked()
                cursor.backwards = request.backwards
                if request.backwards {
                    runReverse(from: request.target, epoch: current)
                    cursor.atEnd = true
                } else if let error = seekForward(to: request.target) {
                    broadcast(.failed(error), epoch: current)
                    cursor.atEnd = true
                }
                continue
            }
            if cursor.atEnd { continue }
            switch format.readPacket() {
            case .packet(let packet):
                route(packet, epoch: current, cursor: &cursor)
            case .endOfFile:
                let item: PacketItem = cutShortError(cursor).map { .failed($0) } ?? .end
                if cursor.videoEnded {
                    audioPackets.push(Tagged(epoch: current, value: item)) { self.epoch.load(ordering: .acquiring) == current }
                } else {
                    broadcast(item, epoch: current)
                }
                cursor.atEnd = true
                cursor.videoEnded = true
            case .failed(let error):
                if error.code == .cancelled { return }
                broadcast(.failed(error), epoch: current)
                cursor.atEnd = true
                cursor.videoEnded = true
            }
        }
    }

    /// A file whose index promises more than its data holds (a copy or download cut off)
    /// is an error, not an early end: the user should learn that the file is damaged.
    private func cutShortError(_ cursor: DemuxCursor) -> PlaybackError? {
        // After a clock jump the container's duration spans both clocks and means nothing.
        guard cursor.continuity?.hasJumped != true, location.isLocal, format.durationIsMeasured, info.duration.isNumeric, video?.isStill != true,
              let loaded = control.withLock({ state.loaded }) else { return nil }
        let missing = info.duration - loaded.end
        let slack = MediaTime.maximum(MediaTime(value: 1, timescale: 2), info.duration.multiplied(by: 1, over: 10))
        guard missing > slack else { return nil }
        return PlaybackError(.readFailed, "\(location): the file ends at \(loaded.end.secondsText) s of its \(info.duration.secondsText) s; it is truncated or damaged, copy it again")
    }

    private func seekForward(to target: MediaTime) -> PlaybackError? {
        guard let track = video ?? audio else { return nil }
        let ts = track.timing.ticks(at: target)
        return format.seek(stream: track.index, to: ts, maxTimestamp: ts)
    }

    private func route(_ packet: Packet, epoch tag: UInt64, cursor: inout DemuxCursor) {
        let queue: BoundedQueue<Tagged<PacketItem>>
        let timing: StreamTimeBase
        if let v = video, packet.streamIndex == v.index {
            guard isEnabled(.video) else { return }
            guard cursor.takesVideo(decodeTime: packet.dts == StreamTimeBase.noTimestamp ? packet.pts : packet.dts) else { return }
            queue = videoPackets
            timing = v.timing
        } else if audio != nil, packet.streamIndex == audioRoute.load(ordering: .relaxed) {
            guard isEnabled(.audio), cursor.takesAudio(pts: packet.pts, duration: packet.duration) else { return }
            queue = audioPackets
            guard let t = cursor.audioTiming else { return }
            timing = t
        } else {
            return
        }
        if cursor.continuity != nil { takeClockJumps(packet, timing: timing, cursor: &cursor, epoch: tag) }
        // A packet's end, not its start: the engine ends an item whose last pictures were
        // left out by the decoder there.
        let start = timing.mediaTime(packet.pts), length = timing.duration(packet.duration)
        noteLoaded(from: start, to: length.isNumeric ? start + length : start)
        let item = Tagged(epoch: tag, value: PacketItem.packet(packet))
        let current = { self.epoch.load(ordering: .acquiring) == tag }
        if queue === videoPackets {
            // A video decoder seconds behind the clock fills its queue first; the sound, read
            // from the same file, must not run dry for it (see BoundedQueue's overflow).
            queue.push(item, overflowingUpTo: queue.capacity * 3, while: { self.soundRunsLow }, accept: current)
        } else {
            queue.push(item, accept: current)
        }
    }

    /// A clock jump taken out of the packet's times, and marked for the decoder that shows it:
    /// the pictures', or the sound's in an item without pictures. The mark is the first packet's
    /// own time after the jump: frames still in the decoder from before it come earlier.
    private func takeClockJumps(_ packet: Packet, timing: StreamTimeBase, cursor: inout DemuxCursor, epoch tag: UInt64) {
        let decoded = timing.mediaTime(packet.dts == StreamTimeBase.noTimestamp ? packet.pts : packet.dts)
        guard let taken = cursor.continuity?.take(stream: packet.streamIndex, time: decoded, duration: timing.duration(packet.duration)) else { return }
        packet.shift(by: timing.ticks(at: taken.offset) - timing.ticks(at: .zero))
        let pictures = video != nil && isEnabled(.video)
        guard taken.jumpedAt != nil, packet.streamIndex == (pictures ? video?.index : audioRoute.load(ordering: .relaxed)) else { return }
        let at = timing.mediaTime(packet.pts == StreamTimeBase.noTimestamp ? packet.dts : packet.pts)
        (pictures ? videoPackets : audioPackets).push(Tagged(epoch: tag, value: .clockJump(at: at))) {
            self.epoch.load(ordering: .acquiring) == tag
        }
    }

    /// Fewer than 16 sound packets (a third of a second of AAC at 48 kHz) wait for a decoder
    /// that plays.
    private var soundRunsLow: Bool {
        audio != nil && isEnabled(.audio) && audioPackets.count < 16
    }

    private func noteLoaded(from start: MediaTime, to end: MediaTime) {
        guard start.isNumeric, end.isNumeric else { return }
        control.withLock {
            if let r = state.loaded {
                if end > r.end { state.loaded = MediaTimeRange(start: r.start, end: end) }
            } else {
                state.loaded = MediaTimeRange(start: start, end: end)
            }
        }
    }

    /// The sound first: the video queue may be full (or past its capacity) behind a slow
    /// decoder, and the sound's end must not wait for it.
    func broadcast(_ item: PacketItem, epoch tag: UInt64) {
        for queue in [audioPackets, videoPackets] {
            queue.push(Tagged(epoch: tag, value: item)) { self.epoch.load(ordering: .acquiring) == tag }
        }
    }

    /// Reverse playback, video only: seek to the keyframe before `limit`, hand the decoder the
    /// packets up to it as one pass, and step back. A pass holds at most `reverseFrameLimit`
    /// pictures: a longer GOP is read again for its earlier frames (see `ReverseWindow`).
    private func runReverse(from target: MediaTime, epoch tag: UInt64) {
        audioPackets.push(Tagged(epoch: tag, value: .end)) { self.epoch.load(ordering: .acquiring) == tag }
        guard let v = video else { return }
        var limit = target
        let stale = { self.epoch.load(ordering: .acquiring) != tag || self.control.withLock { self.state.closed } }
        func push(_ item: PacketItem) {
            videoPackets.push(Tagged(epoch: tag, value: item)) { !stale() }
        }
        while !stale() {
            let ts = v.timing.tick(before: limit)
            if let error = format.seek(stream: v.index, to: ts, maxTimestamp: ts) {
                push(.failed(error))
                return
            }
            push(.segmentStart(limit: limit))
            var window = ReverseWindow<Void>(limit: limit, capacity: max(1, options.reverseFrameLimit))
            reading: while !stale() {
                switch format.readPacket() {
                case .packet(let packet):
                    guard packet.streamIndex == v.index else { continue }
                    let dts = v.timing.mediaTime(packet.dts == StreamTimeBase.noTimestamp ? packet.pts : packet.dts)
                    // Packets decoded after `limit` cannot be needed by a frame shown before it.
                    if dts.isNumeric && dts >= limit { break reading }
                    window.offer(v.timing.mediaTime(packet.pts))
                    push(.packet(packet))
                case .endOfFile:
                    break reading
                case .failed(let error):
                    push(.failed(error))
                    return
                }
            }
            // Nothing before the limit: the seek found no earlier keyframe; the stream starts here.
            guard let start = window.lowerBound else {
                push(.segmentEnd(start: limit))
                break
            }
            push(.segmentEnd(start: start))
            guard start > MediaTime.zero else { break }
            limit = start
        }
        push(.end)
    }
}
