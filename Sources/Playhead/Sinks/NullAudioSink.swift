import Synchronization

/// Plays nothing but consumes samples in real time on the given clock, as a device would, so
/// that it can drive the presentation clock. On a virtual clock it consumes as fast as the
/// engine advances time.
public final class NullAudioSink: AudioSink {
    struct State {
        var written: Int64 = 0
        var anchorPlayed: Int64 = 0
        var anchorHost: HostTime?
        var paused = false
    }

    private let state = Mutex(State())
    private let clock: any HostClock
    public let format: AudioFormat
    public let bufferCapacityFrames: Int

    public init(clock: any HostClock, format: AudioFormat = .standard, bufferMilliseconds: Int = 100) {
        self.clock = clock
        self.format = format
        self.bufferCapacityFrames = format.sampleRate * bufferMilliseconds / 1000
    }

    public var name: String { "null" }

    public func write(_ samples: ArraySlice<Float>) -> Int {
        let now = clock.now()
        return state.withLock { s in
            let played = Self.played(s, now: now, rate: format.sampleRate)
            // Starved or not started: playback (re)starts with this write.
            if !s.paused && (s.anchorHost == nil || played >= s.written) {
                s.anchorHost = now
                s.anchorPlayed = s.written
            }
            let room = bufferCapacityFrames - Int(s.written - Self.played(s, now: now, rate: format.sampleRate))
            let frames = min(max(room, 0), samples.count / format.channels)
            s.written += Int64(frames)
            return frames
        }
    }

    public func writtenFrames() -> Int64 { state.withLock { $0.written } }

    public func playedFrames() -> Int64 {
        let now = clock.now()
        return state.withLock { Self.played($0, now: now, rate: format.sampleRate) }
    }

    public func pause() {
        let now = clock.now()
        state.withLock { s in
            s.anchorPlayed = Self.played(s, now: now, rate: format.sampleRate)
            s.anchorHost = nil
            s.paused = true
        }
    }

    public func resume() {
        let now = clock.now()
        state.withLock { s in
            s.paused = false
            s.anchorHost = now
        }
    }

    public func flush() {
        state.withLock { $0 = State(paused: $0.paused) }
    }

    private static func played(_ s: State, now: HostTime, rate: Int) -> Int64 {
        guard let host = s.anchorHost, !s.paused else { return min(s.anchorPlayed, s.written) }
        let elapsed = Int128(max(now - host, 0)) * Int128(rate) / 1_000_000_000
        return min(s.anchorPlayed + Int64(clamping: elapsed), s.written)
    }
}
