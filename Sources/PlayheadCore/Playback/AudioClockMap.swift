/// Translates "frames the audio device has played" into media time. Every write records where
/// it starts in the device's frame count and at which media time, so the map stays right
/// across item changes (gapless queues) and seeks.
public struct AudioClockMap: Sendable {
    struct Segment: Sendable {
        var deviceFrame: Int64
        var media: MediaTime
        var frames: Int64
    }

    private var segments: [Segment] = []
    public let sampleRate: Int

    public init(sampleRate: Int) {
        self.sampleRate = sampleRate
    }

    /// `frames` frames starting at `media` were written at device frame `deviceFrame`.
    public mutating func recordWrite(deviceFrame: Int64, media: MediaTime, frames: Int) {
        if var last = segments.last, last.deviceFrame + last.frames == deviceFrame,
           last.media + duration(last.frames) == media {
            last.frames += Int64(frames)
            segments[segments.count - 1] = last
        } else {
            segments.append(Segment(deviceFrame: deviceFrame, media: media, frames: Int64(frames)))
        }
    }

    /// Media time of the sample the device is playing, or nil before anything was written.
    /// Drops segments that have been played completely.
    public mutating func mediaTime(playedFrames played: Int64) -> MediaTime? {
        while segments.count > 1, segments[1].deviceFrame <= played { segments.removeFirst() }
        guard let s = segments.first else { return nil }
        let into = min(max(played - s.deviceFrame, 0), s.frames)
        return s.media + duration(into)
    }

    /// Media time just after the last frame written.
    public var writtenEnd: MediaTime? {
        segments.last.map { $0.media + duration($0.frames) }
    }

    public mutating func reset() { segments.removeAll() }

    private func duration(_ frames: Int64) -> MediaTime {
        MediaTime(value: frames, timescale: Int32(sampleRate))
    }
}
