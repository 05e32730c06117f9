/// Translates "frames the audio device has played" into media time. Every write records where
/// it starts in the device's frame count, at which media time and at which rate, so the map
/// stays right across item changes (gapless queues), seeks and rate changes.
///
/// At rate r (time-stretched sound) one device frame stands for r / sampleRate seconds of
/// media: the clock follows what is heard, at the speed it is heard.
public struct AudioClockMap: Sendable {
    struct Segment: Sendable {
        var deviceFrame: Int64
        var media: MediaTime
        var frames: Int64
        var rate: PlaybackRate
    }

    private var segments: [Segment] = []
    public let sampleRate: Int

    public init(sampleRate: Int) {
        self.sampleRate = sampleRate
    }

    /// `frames` device frames starting at `media` were written at device frame `deviceFrame`,
    /// stretched for playback at `rate` (forward; 1 when the sound is played as it is).
    public mutating func recordWrite(deviceFrame: Int64, media: MediaTime, frames: Int, rate: PlaybackRate = .normal) {
        precondition(rate.numerator > 0, "AudioClockMap: sound is written for forward rates only")
        if var last = segments.last, last.rate == rate, last.deviceFrame + last.frames == deviceFrame,
           last.media + duration(last.frames, at: last.rate) == media {
            last.frames += Int64(frames)
            segments[segments.count - 1] = last
        } else {
            segments.append(Segment(deviceFrame: deviceFrame, media: media, frames: Int64(frames), rate: rate))
        }
    }

    /// Media time of the sample the device is playing, or nil before anything was written.
    /// Drops segments that have been played completely.
    public mutating func mediaTime(playedFrames played: Int64) -> MediaTime? {
        while segments.count > 1, segments[1].deviceFrame <= played { segments.removeFirst() }
        guard let s = segments.first else { return nil }
        let into = min(max(played - s.deviceFrame, 0), s.frames)
        return s.media + duration(into, at: s.rate)
    }

    /// Media time just after the last frame written.
    public var writtenEnd: MediaTime? {
        segments.last.map { $0.media + duration($0.frames, at: $0.rate) }
    }

    /// The rate the last frames written were made for (nil: nothing written since the reset).
    public var writtenRate: PlaybackRate? { segments.last?.rate }

    public mutating func reset() { segments.removeAll() }

    /// Media time that `frames` device frames stand for at `rate`. Exact: at rate n/d the
    /// timescale becomes sampleRate × d, which fits while d is small (rates are kept to 1/1000).
    public func duration(_ frames: Int64, at rate: PlaybackRate) -> MediaTime {
        if rate.isNormal { return MediaTime(value: frames, timescale: Int32(sampleRate)) }
        let scale = Int64(sampleRate) * rate.denominator
        if scale <= Int64(Int32.max) {
            return MediaTime(value: frames * rate.numerator, timescale: Int32(scale))
        }
        return MediaTime(value: frames, timescale: Int32(sampleRate)).multiplied(by: rate.numerator, over: rate.denominator)
    }
}
