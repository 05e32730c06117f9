import Playhead
import Synchronization

/// A stretcher that keeps a real one's time but not its pitch: output frame k is input frame
/// ⌊k × tempo⌋, so n frames in make ⌈n / tempo⌉ out. It holds the last `windowFrames` of its
/// input back until `finish`, as atempo's window does, so that tests see whether the tail is
/// let out. Counts what it was given, for the tests to check.
public final class FakeTimeStretcher: AudioTimeStretcher, Sendable {
    struct State {
        var tempo: PlaybackRate = .normal
        var input: [Float] = []
        var fed: Int64 = 0
        var emitted: Int64 = 0
        var finished = false
        var resets: [PlaybackRate] = []
        var totalFed: Int64 = 0
    }

    public let format: AudioFormat
    let windowFrames: Int64
    private let state = Mutex(State())

    public init(format: AudioFormat = .standard, windowFrames: Int = 2048) {
        self.format = format
        self.windowFrames = Int64(windowFrames)
    }

    /// A factory that hands out this one stretcher.
    public var factory: AudioTimeStretcherFactory { { [self] _ in self } }

    public func reset(tempo: PlaybackRate) throws(PlaybackError) {
        state.withLock { s in
            let total = s.totalFed, resets = s.resets
            s = State(tempo: tempo, resets: resets + [tempo], totalFed: total)
        }
    }

    public func feed(_ samples: ArraySlice<Float>) throws(PlaybackError) {
        let frames = Int64(samples.count / format.channels)
        let finished = state.withLock { s in
            guard !s.finished else { return true }
            s.input.append(contentsOf: samples)
            s.fed += frames
            s.totalFed += frames
            return false
        }
        if finished { throw PlaybackError(.internalError, "fake stretcher: fed after finish without a reset") }
    }

    public func finish() throws(PlaybackError) { state.withLock { $0.finished = true } }

    public func pull() throws(PlaybackError) -> [Float] {
        state.withLock { s in
            let limit = s.finished ? s.fed : max(s.fed - windowFrames, 0)
            let (num, den) = (s.tempo.numerator, s.tempo.denominator)
            // Output frames k with k × tempo < limit.
            let available = (limit * den + num - 1) / num
            var out: [Float] = []
            let channels = format.channels
            while s.emitted < available {
                let source = Int(s.emitted * num / den)
                out.append(contentsOf: s.input[(source * channels)..<((source + 1) * channels)])
                s.emitted += 1
            }
            return out
        }
    }

    /// The tempo of every reset so far, in order.
    public var resets: [PlaybackRate] { state.withLock { $0.resets } }
    /// Frames fed since the stretcher was made, across resets.
    public var framesFed: Int64 { state.withLock { $0.totalFed } }
}
