/// Frames the listener has heard, from what was written to the device and the device's delay
/// (the frames still queued in it). Measured on the audio thread now and then and carried
/// forward at the sample rate in between, so the clock moves smoothly; never backwards, never
/// past what was written.
public struct PlayedPosition: Sendable, Hashable {
    public let sampleRate: Int
    public private(set) var written: Int64 = 0
    private var measured: Int64 = 0
    private var measuredAt: Int64 = 0
    private var running = false

    public init(sampleRate: Int) { self.sampleRate = sampleRate }

    public mutating func wrote(_ frames: Int) { written += Int64(frames) }

    /// The device said `delay` frames are still queued, at monotonic time `now`.
    public mutating func measure(delay: Int, now: Int64) {
        let heard = max(0, written - Int64(delay))
        measured = max(measured, min(heard, written))
        measuredAt = now
        running = delay > 0
    }

    /// The device ran dry: everything written has been heard.
    public mutating func drained(now: Int64) {
        measured = written
        measuredAt = now
        running = false
    }

    /// Paused or stopped: hold the position where it is.
    public mutating func hold(now: Int64) {
        measured = played(now: now)
        measuredAt = now
        running = false
    }

    /// Forget what was written beyond what was heard (a device dropped its buffer): those
    /// frames will be written again.
    public mutating func rewind(now: Int64) {
        hold(now: now)
        written = measured
    }

    public func played(now: Int64) -> Int64 {
        guard running else { return measured }
        let since = Int64(Int128(max(0, now - measuredAt)) * Int128(sampleRate) / 1_000_000_000)
        return min(measured + since, written)
    }

    public mutating func reset() { self = PlayedPosition(sampleRate: sampleRate) }
}
