public struct AudioBuffer: Sendable {
    /// Time of the first sample on the item's timeline.
    public var pts: MediaTime
    public var format: AudioFormat
    /// Interleaved samples, `frameCount * format.channels` of them.
    public var samples: [Float]
    /// The first sound after the stream's own clock jumped, in an item without pictures.
    public var followsClockJump = false

    public init(pts: MediaTime, format: AudioFormat, samples: [Float]) {
        self.pts = pts
        self.format = format
        self.samples = samples
    }

    public var frameCount: Int { samples.count / max(format.channels, 1) }
    public var duration: MediaTime { format.duration(ofFrames: frameCount) }
    public var end: MediaTime { pts + duration }

    /// The frames from `offset` on, with their start time moved to match.
    public func dropping(frames offset: Int) -> AudioBuffer {
        let n = min(max(offset, 0), frameCount)
        return AudioBuffer(pts: pts + format.duration(ofFrames: n), format: format,
                           samples: Array(samples[(n * format.channels)...]))
    }
}
