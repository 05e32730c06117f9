import DequeModule

/// The layers' sound mixed into the one stream a card plays. Each layer's player converts its
/// sound to the card's rate and channels first (`SampleConverter`), so the mixer adds samples of
/// one format. A layer with nothing queued (one that starts late, or stalls) adds silence: the
/// card's stream never waits for it, and the other layers' timing is untouched.
///
/// Levels change over one pull's frames, not at once, so a volume or mute change makes no click.
/// The sum is clipped to -1...1 and the clipped samples are counted (`display`'s sound line
/// shows them: a mix that clips wants lower volumes).
public struct SoundMixer: Sendable {
    public let channels: Int
    private var inputs: [String: Input] = [:]
    private var order: [String] = []
    public private(set) var clippedSamples = 0
    /// How many frames each layer gave to the last pull (a held layer, or one with nothing
    /// queued, is not in it): what a sound bus needs to know when each layer's frames are heard.
    public private(set) var lastPulled: [String: Int] = [:]

    struct Input: Sendable {
        var pending = Deque<Float>()
        /// The level asked for (0 when muted), and the one the last pull ended at.
        var target: Float
        var current: Float
    }

    /// A layer may queue at most this many frames (2 s at 48 kHz): a layer whose samples are not
    /// pulled is dropped from, not grown without bound.
    public static let maxPendingFrames = 96_000

    public init(channels: Int) { self.channels = max(1, channels) }

    /// `gain`: 0...1, its volume, or 0 when muted.
    public mutating func setLevel(_ layer: String, gain: Double) {
        let g = Float(min(max(gain, 0), 1))
        if inputs[layer] == nil {
            inputs[layer] = Input(target: g, current: g)
            order.append(layer)
        } else {
            inputs[layer]!.target = g
        }
    }

    public mutating func remove(_ layer: String) {
        inputs[layer] = nil
        order.removeAll { $0 == layer }
    }

    /// Queues a layer's interleaved samples; returns how many frames were dropped because its
    /// queue was full (the oldest go).
    @discardableResult
    public mutating func push(_ layer: String, _ samples: [Float]) -> Int {
        if inputs[layer] == nil { setLevel(layer, gain: 1) }
        inputs[layer]!.pending.append(contentsOf: samples)
        let over = inputs[layer]!.pending.count - Self.maxPendingFrames * channels
        guard over > 0 else { return 0 }
        let drop = (over + channels - 1) / channels * channels
        inputs[layer]!.pending.removeFirst(drop)
        return drop / channels
    }

    public func pendingFrames(_ layer: String) -> Int { (inputs[layer]?.pending.count ?? 0) / channels }

    /// Drops what a layer has queued (its player seeked or stopped); its level stays.
    public mutating func dropPending(_ layer: String) {
        inputs[layer]?.pending.removeAll()
    }

    /// The next `frames` frames of the mix. `holding`: layers that keep what they queued and add
    /// silence (a paused player).
    public mutating func pull(frames: Int, holding: Set<String> = []) -> [Float] {
        let count = max(0, frames) * channels
        var out = [Float](repeating: 0, count: count)
        lastPulled = [:]
        guard count > 0 else { return out }
        for name in order where !holding.contains(name) {
            guard var input = inputs[name] else { continue }
            let available = min(input.pending.count, count)
            if available > 0 { lastPulled[name] = available / channels }
            let start = input.current, step = (input.target - input.current) / Float(frames)
            if start != 0 || step != 0 {
                for i in 0..<available {
                    let gain = start + step * Float(i / channels + 1)
                    out[i] += input.pending[i] * gain
                }
            }
            input.pending.removeFirst(available)
            input.current = input.target
            inputs[name] = input
        }
        for i in out.indices where out[i] > 1 || out[i] < -1 {
            out[i] = out[i] > 1 ? 1 : -1
            clippedSamples += 1
        }
        return out
    }
}
