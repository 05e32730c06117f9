import DequeModule

/// Sound at rates from 0.5 to 2: time-stretched with its pitch kept, through the environment's
/// stretcher. Each device frame written then stands for `rate` frames of media, so the clock,
/// which follows the frames played, runs at the rate and the picture follows the sound.
extension PlaybackCore {
    /// Whether sound plays at this rate: at 1 as it is, from 0.5 to 2 through a stretcher.
    var audioPlays: Bool { rate.isNormal || (rate.stretchesAudio && stretch != nil) }

    /// Makes the stretcher the first time a stretched rate needs it. False when there is none
    /// (no factory, or it failed): the sound is then muted at this rate, as without one.
    mutating func ensureStretcher() -> Bool {
        guard rate.stretchesAudio, let make = ports.timeStretcher else { return false }
        if stretch != nil { return true }
        do throws(PlaybackError) {
            let stretcher = try make(ports.audioSink.format)
            try stretcher.reset(tempo: rate)
            stretch = StretchedAudio(stretcher: stretcher, tempo: rate)
            return true
        } catch {
            logStretchError(error)
            return false
        }
    }

    /// Empties the stretcher (a seek, a flush, a rate change), at the present rate's tempo when
    /// that is stretched.
    mutating func restartStretch() {
        guard let s = stretch else { return }
        let tempo = rate.stretchesAudio ? rate : s.tempo
        guard s.inputEnd != nil || !s.output.isEmpty || s.tempo != tempo else { return }
        do throws(PlaybackError) {
            try s.stretcher.reset(tempo: tempo)
            stretch = StretchedAudio(stretcher: s.stretcher, tempo: tempo)
        } catch {
            stretchFailed(error)
        }
    }

    /// The device (and the stretcher) hold sound made for another rate: drop it and play the
    /// sound again from `present` at the new rate. The sound restarts where it was heard, so
    /// the clock, which follows it, does not move.
    mutating func requeueAudio(at present: MediaTime) {
        sound.replay(from: present, sampleRate: ports.audioSink.format.sampleRate)
        ports.audioSink.flush()
        audioMap.reset()
        restartStretch()
    }

    /// Forgets the sound already heard: what is left is what a rate change plays again.
    mutating func forgetHeardAudio() {
        sound.forgetHeard(before: timelineNow())
    }

    /// Feeds the stretcher and hands what comes out to the device, until the device is full or
    /// the source has nothing more for now.
    mutating func writeStretchedAudio() {
        guard var s = stretch else { return }
        do throws(PlaybackError) {
            if try pumpStretch(&s) { stretch = s }
        } catch {
            stretchFailed(error)
        }
    }

    /// Returns false when a flush overtook it (pulling can fail an item, and that flushes):
    /// `s` is stale then.
    private mutating func pumpStretch(_ s: inout StretchedAudio) throws(PlaybackError) -> Bool {
        let sink = ports.audioSink, channels = sink.format.channels
        let epoch = audioEpoch
        while true {
            if !s.output.isEmpty {
                let samples = volumeRamp.applied(to: s.output[...], channels: channels)
                let took = write(samples[...], at: s.outputAt, rate: s.tempo)
                volumeRamp.advance(frames: took)
                s.outputAt = s.outputAt + audioMap.duration(Int64(took), at: s.tempo)
                s.output.removeFirst(took * channels)
                if !s.output.isEmpty { return true }
            }
            if audio == nil {
                fillAudio()
                if audioEpoch != epoch { return false }
            }
            guard let a = audio else {
                // The sound has ended: let the window's tail out, so that the item's sound ends
                // completely. Only once the device runs low, so that a next item's sound,
                // pre-rolled by then, carries on through the same window without a seam.
                let sourcesDone = !sound.hasReplay && !segments.contains { $0.audioToRead }
                let low = sink.writtenFrames() - sink.playedFrames() <= Int64(sink.bufferCapacityFrames / 2)
                guard s.inputEnd != nil, !s.finished, sourcesDone, low else { return true }
                try s.stretcher.finish()
                s.finished = true
                s.output += try s.stretcher.pull()
                if s.output.isEmpty { return true }
                continue
            }
            if s.finished {
                // Sound after the tail went out (an item queued after the end): start anew.
                try s.stretcher.reset(tempo: s.tempo)
                s = StretchedAudio(stretcher: s.stretcher, tempo: s.tempo)
            }
            let fresh = s.inputEnd == nil
            // The stretcher's input runs on from where it ended; a fresh run starts as at rate 1.
            let (start, step) = placement(of: a, from: s.inputEnd)
            switch step {
            case .drop(let frames):
                sound.dropWaiting(frames: frames, restartingAt: start)
                continue
            case .silence(let frames, let at):
                // Silence where the timeline has no sound, stretched with the rest.
                if fresh { s.outputAt = at }
                try s.stretcher.feed([Float](repeating: 0, count: frames * channels)[...])
                s.inputEnd = at + sink.format.duration(ofFrames: frames)
            case .write:
                if fresh { s.outputAt = start }
                try s.stretcher.feed(a.buffer.samples[...])
                s.inputEnd = a.timeline + a.buffer.duration
                audio = nil
            }
            s.output += try s.stretcher.pull()
        }
    }

    /// A stretcher that failed is dropped: the sound is muted at stretched rates from here on,
    /// as without one, and the next stretched rate tries a new one.
    mutating func stretchFailed(_ error: PlaybackError) {
        stretch = nil
        logStretchError(error)
        if rate.stretchesAudio {
            ports.audioSink.pause()
            flushAudio()
        }
    }

    private mutating func logStretchError(_ error: PlaybackError) {
        let item = segments.first?.item
        let entry = ErrorLogEntry(date: ports.clock.now(), uri: item?.asset.url ?? "", error: error)
        emit(.newErrorLogEntry(entry), item: item)
    }
}
