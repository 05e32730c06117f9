import Playhead
import Synchronization

/// An audio sink that keeps time like `NullAudioSink` (which it wraps), remembers the samples
/// written, and can move between routes, remembering each move.
///
/// Samples are kept run-length encoded: a fake source plays a constant level for minutes, and
/// only the changes (a duck, its ramps) matter to the tests.
public final class RecordingAudioSink: AudioSink, AudioRouting {
    public struct Run: Sendable, Hashable {
        public var value: Float
        public var count: Int
    }

    struct State {
        var runs: [Run] = []
        var route: AudioRoute?
        var moves: [AudioRoute] = []
        var failing: Set<String> = []
        var busy: Set<String> = []
        var interruptionHandler: (@Sendable (Bool) -> Void)?
        var mixerVolumes: [Float] = []
        var written: (@Sendable (Int) -> Void)?
        var flushes = 0
    }

    /// When true, the sink plays the part of a device mixer: volumes go to `mixerVolumes`.
    public let hasMixer: Bool

    private let inner: NullAudioSink
    private let state: Mutex<State>

    /// `deviceRate`: the frames per second the "device" really plays, when its clock is off
    /// from the `format` it announces, as a real sound card's crystal is.
    public init(clock: any HostClock, route: AudioRoute?, format: AudioFormat = .standard, hasMixer: Bool = false,
                deviceRate: Int? = nil) {
        self.hasMixer = hasMixer
        self.format = format
        inner = NullAudioSink(clock: clock, format: AudioFormat(sampleRate: deviceRate ?? format.sampleRate, channels: format.channels))
        state = Mutex(State(route: route))
    }

    public var name: String { "recording" }
    public let format: AudioFormat
    public var bufferCapacityFrames: Int { inner.bufferCapacityFrames }

    public func write(_ samples: ArraySlice<Float>) -> Int {
        let took = inner.write(samples)
        let written = samples.prefix(took * format.channels)
        let handler = state.withLock { s in
            for v in written {
                if s.runs.last?.value == v { s.runs[s.runs.count - 1].count += 1 } else { s.runs.append(Run(value: v, count: 1)) }
            }
            return s.written
        }
        handler?(framesRecorded)
        return took
    }

    /// Calls `handler` with `framesRecorded` after each write, on the writing thread (the
    /// engine's): a test acts at an exact point of the sound, before the engine's next pass.
    public func onWrite(_ handler: (@Sendable (Int) -> Void)?) {
        state.withLock { $0.written = handler }
    }

    public func writtenFrames() -> Int64 { inner.writtenFrames() }

    public func applyHardwareVolume(_ volume: Float) -> Bool {
        guard hasMixer else { return false }
        state.withLock { $0.mixerVolumes.append(volume) }
        return true
    }

    public var mixerVolumes: [Float] { state.withLock { $0.mixerVolumes } }
    public func playedFrames() -> Int64 { inner.playedFrames() }
    public func pause() { inner.pause() }
    public func resume() { inner.resume() }
    public func flush() {
        state.withLock { $0.flushes += 1 }
        inner.flush()
    }

    /// How many times the written sound was thrown away (a seek, a stop, an item reopened).
    public var flushes: Int { state.withLock { $0.flushes } }

    /// Every sample written so far, as runs of equal values.
    public var runs: [Run] { state.withLock { $0.runs } }
    /// Frames written since the sink was made, flushed ones included.
    public var framesRecorded: Int { state.withLock { $0.runs.reduce(0) { $0 + $1.count } } / format.channels }

    // MARK: AudioRouting

    public var currentRoute: AudioRoute? { state.withLock { $0.route } }

    /// Keeps the counters (the inner sink goes on), as a real sink moving its device does.
    public func move(to route: AudioRoute) throws(PlaybackError) {
        let busy = state.withLock { $0.busy.contains(route.card) }
        if busy { throw PlaybackError(.deviceBusy, "\(route.device): busy (test)") }
        let failed = state.withLock { s -> Bool in
            if s.failing.contains(route.card) { return true }
            s.route = route
            s.moves.append(route)
            return false
        }
        if failed { throw PlaybackError(.deviceFailed, "\(route.device): cannot open (test)") }
    }

    public var moves: [AudioRoute] { state.withLock { $0.moves } }

    /// Another program holds this card (true) or let it go (false).
    public func setBusy(card: String, _ busy: Bool) {
        state.withLock { s in if busy { s.busy.insert(card) } else { s.busy.remove(card) } }
    }

    public func setInterruptionHandler(_ handler: @escaping @Sendable (Bool) -> Void) {
        state.withLock { $0.interruptionHandler = handler }
    }

    /// Plays the part of a device suspended and resumed, as ALSA's sink reports it.
    public func suspendAndResume() {
        let handler = state.withLock { $0.interruptionHandler }
        handler?(true)
        handler?(false)
    }

    /// Moves to this card fail from now on.
    public func failMoves(toCard card: String) { state.withLock { _ = $0.failing.insert(card) } }
}
