import CFFmpeg
import PlayheadCore

/// Another sound track while playing, without a gap in the picture: the demuxer reads the new
/// track again from the time asked for, handing the video decoder none of the packets it
/// already has; the audio decoder changes codec at the marker the demuxer puts in its queue.
extension FFmpegSource {
    static func makeTrack(format: FormatContext, index: Int, options: SourceOptions, still: Bool) throws(PlaybackError) -> Track {
        let stream = format.stream(index)
        let decoder = try Decoder(stream: stream, threads: options.decodeThreads, location: format.location)
        let rate = stream.pointee.avg_frame_rate
        let frameDuration = still ? options.stillDuration : rate.num > 0 && rate.den > 0
            ? MediaTime(value: Int64(rate.den), timescale: rate.num) : MediaTime(value: 1, timescale: 25)
        return Track(index: index, timing: StreamTimeBase(stream: stream, containerStart: format.startTime),
                     decoder: decoder, frameDuration: frameDuration, rotation: StreamRotation.read(stream),
                     nominalFrameRate: rate.num > 0 && rate.den > 0 ? Int((Double(rate.num) * 1000 / Double(rate.den)).rounded()) : nil,
                     isStill: still, containerAspect: stream.pointee.sample_aspect_ratio)
    }

    func selectAudioTrack(_ trackID: Int, from time: MediaTime) throws(SelectionRefusal) {
        guard audio != nil else {
            throw SelectionRefusal("\(location): no sound plays, so no sound track can be selected")
        }
        guard let option = info.selectionGroups.first(where: { $0.characteristic == .audible })?.option(trackID: trackID) else {
            throw SelectionRefusal("\(location): track \(trackID) is not one of its sound tracks; `tracks` lists them")
        }
        guard format.hasDecoder(stream: trackID) else {
            throw SelectionRefusal("\(location): no decoder for the \(option.codec) sound of track \(trackID) in this FFmpeg; pick another track")
        }
        control.withLock {
            state.audioSwitch = (trackID, time)
            control.broadcast()
        }
    }

    /// On the demux thread: the new track's decoder made and queued, its packets routed, and
    /// (`refillFrom`) the file read again from that time for its sound alone.
    func switchAudio(to index: Int, refillFrom: MediaTime?, cursor: inout DemuxCursor, epoch tag: UInt64) {
        guard index != audioRoute.load(ordering: .relaxed) else { return }
        let track: Track
        do throws(PlaybackError) {
            track = try Self.makeTrack(format: format, index: index, options: options, still: false)
        } catch {
            audioPackets.push(Tagged(epoch: tag, value: .failed(error))) { self.epoch.load(ordering: .acquiring) == tag }
            return
        }
        format.setDiscarded(audioRoute.load(ordering: .relaxed), true)
        format.setDiscarded(index, false)
        audioRoute.store(index, ordering: .releasing)
        cursor.audioTiming = track.timing
        audioPackets.flush()
        // Whatever its epoch: the decoder must not decode the new stream with the old codec.
        audioPackets.push(Tagged(epoch: tag, value: .switchTrack(track)))
        audioFrames.flush()
        pullState.withLock { $0.audioEndedEpoch = nil }
        guard let from = refillFrom else { return }
        cursor.skipVideoThrough = cursor.lastVideoDecodeTime
        cursor.videoEnded = cursor.atEnd
        cursor.skipAudioBefore = track.timing.ticks(at: from)
        // By the video's index where there is one: a container may index only its pictures
        // (Matroska's cues), and a seek by a sound track then lands nowhere useful. The sound
        // between that key frame and `from` is left out here.
        let by = video.map { ($0.index, $0.timing.ticks(at: from)) } ?? (index, track.timing.ticks(at: from))
        if let error = format.seek(stream: by.0, to: by.1, maxTimestamp: by.1) {
            audioPackets.push(Tagged(epoch: tag, value: .failed(error))) { self.epoch.load(ordering: .acquiring) == tag }
        }
        notifyConsumer()
    }
}

/// What the demux thread keeps between packets for a refill: the last video packet handed on
/// (in decode order), and from a sound switch on, that the video up to it is not handed again.
struct DemuxCursor {
    /// The time base of the sound track routed now.
    var audioTiming: StreamTimeBase?
    var backwards = false
    var lastVideoDecodeTime: Int64?
    var skipVideoThrough: Int64?
    /// The video's end was already sent: a refill's end goes to the sound alone.
    var videoEnded = false
    var atEnd = false
    /// After a sound switch's seek: the new track's packets that end before this (its ticks)
    /// are before the time asked for.
    var skipAudioBefore: Int64?
    /// Set when the container's clock may restart (see ClockContinuity).
    var continuity: ClockContinuity?

    /// Whether a sound packet from `pts` lasting `duration` (ticks) is to be decoded.
    mutating func takesAudio(pts: Int64, duration: Int64) -> Bool {
        guard let before = skipAudioBefore else { return true }
        if pts != StreamTimeBase.noTimestamp, pts + max(duration, 0) <= before { return false }
        skipAudioBefore = nil
        continuity?.reset()
        return true
    }

    /// Whether a video packet decoded at `dts` is new; it then becomes the last handed on.
    mutating func takesVideo(decodeTime dts: Int64) -> Bool {
        if videoEnded { return false }
        if let through = skipVideoThrough {
            if dts <= through { return false }
            skipVideoThrough = nil
        }
        lastVideoDecodeTime = dts
        return true
    }

    mutating func seeked() {
        lastVideoDecodeTime = nil
        skipVideoThrough = nil
        skipAudioBefore = nil
        videoEnded = false
    }
}
