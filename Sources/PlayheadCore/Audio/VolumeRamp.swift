/// Applies a gain to interleaved samples. A new target is reached by a straight line over
/// `rampFrames` frames instead of at once: a gain step in the middle of a waveform is a click.
/// Once the ramp is done the gain is exactly the target, so a constant gain of 1 leaves the
/// samples bit for bit as they were.
///
/// Applying and advancing are separate because a device may take fewer frames than offered:
/// the ramp must follow what was written, not what was prepared.
public struct VolumeRamp: Sendable {
    public let rampFrames: Int
    public private(set) var target: Float
    /// Where the ramp started, and how many of its frames have been written.
    private var start: Float
    private var done: Int

    /// `rampMilliseconds` of frames at `sampleRate` (at least one frame).
    public init(gain: Float = 1, sampleRate: Int, rampMilliseconds: Int = 10) {
        self.init(gain: gain, rampFrames: sampleRate * rampMilliseconds / 1000)
    }

    public init(gain: Float, rampFrames: Int) {
        self.rampFrames = max(rampFrames, 1)
        target = gain
        start = gain
        done = self.rampFrames
    }

    /// The gain of the next frame to be written.
    public var current: Float { gain(afterFrames: 0) }
    public var isRamping: Bool { done < rampFrames }

    /// Heads for `gain` from wherever the ramp is now; setting the same target again changes
    /// nothing, so callers may set it on every pass.
    public mutating func setTarget(_ gain: Float) {
        guard gain != target else { return }
        start = current
        target = gain
        done = 0
    }

    /// The samples with the gain applied, starting at the ramp's present position; the ramp
    /// itself does not move (see `advance`).
    public func applied(to samples: ArraySlice<Float>, channels: Int) -> [Float] {
        var out = Array(samples)
        guard isRamping || target != 1 else { return out }
        let channels = max(channels, 1)
        let frames = out.count / channels
        var frame = 0
        while frame < frames && done + frame < rampFrames {
            let g = gain(afterFrames: frame)
            for i in frame * channels ..< (frame + 1) * channels { out[i] *= g }
            frame += 1
        }
        if target != 1 {
            for i in frame * channels ..< out.count { out[i] *= target }
        }
        return out
    }

    /// `frames` frames were written.
    public mutating func advance(frames: Int) {
        done = min(done + max(frames, 0), rampFrames)
    }

    /// Applies and advances over all of `samples`.
    public mutating func apply(to samples: inout [Float], channels: Int) {
        samples = applied(to: samples[...], channels: channels)
        advance(frames: samples.count / max(channels, 1))
    }

    /// Frame k of the ramp (counted from its start) gets start + (target - start) * (k + 1) / n:
    /// the last ramp frame is exactly the target.
    private func gain(afterFrames offset: Int) -> Float {
        let k = done + offset
        guard k < rampFrames else { return target }
        if k + 1 == rampFrames { return target }
        return start + (target - start) * Float(k + 1) / Float(rampFrames)
    }
}
