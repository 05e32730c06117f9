/// Where samples go. The sink is also the master clock when audio plays: `playedFrames` counts
/// the frames that have actually left the device, so video can follow what is heard.
public protocol AudioSink: AnyObject, Sendable {
    var name: String { get }
    var format: AudioFormat { get }
    /// Takes as many frames as fit without blocking; returns how many it took.
    func write(_ samples: ArraySlice<Float>) -> Int
    /// Frames written so far (monotonic until `flush`).
    func writtenFrames() -> Int64
    /// Frames played so far (never more than written).
    func playedFrames() -> Int64
    /// How many frames the sink holds at most; the engine keeps it about this full.
    var bufferCapacityFrames: Int { get }
    func pause()
    func resume()
    /// Drops what is queued and restarts both counters at zero.
    func flush()
    /// Set once the output can no longer play anything; the player then fails as a whole.
    var failure: PlaybackError? { get }
    /// Takes the player's volume (0...1, 0 when muted) into the device's own mixer, when the
    /// sink has one configured; returns false to have the engine scale the samples instead.
    func applyHardwareVolume(_ volume: Float) -> Bool
    /// Hands over the callback for interruptions the device itself causes (a system suspend):
    /// `true` when one begins, `false` when the device plays again. Called from the sink's own
    /// thread; it must only pass the news on.
    func setInterruptionHandler(_ handler: @escaping @Sendable (Bool) -> Void)
}

extension AudioSink {
    public var failure: PlaybackError? { nil }
    public func applyHardwareVolume(_ volume: Float) -> Bool { false }
    public func setInterruptionHandler(_ handler: @escaping @Sendable (Bool) -> Void) {}
}
