import DequeModule

/// Several players' sound through one card: the mixer, and for each layer the counters its
/// player keeps time by. A player's clock is the frames of its own sound that were heard, and
/// with a mixer those are no longer the card's: the card plays the mix, late by what it holds,
/// with silence wherever a layer had nothing queued. So each pull remembers where in the card's
/// stream each layer's frames went (`Span`), and a layer's heard frames are read off the card's
/// played position through those spans.
///
/// A value stepped by the bus's thread under its lock, and by the tests with no threads.
public struct SoundBusState: Sendable {
    /// Where a pull put a layer's frames: from `start` in the card's stream, `count` of them.
    struct Span: Sendable {
        var start: Int64
        var count: Int
    }

    struct Layer: Sendable {
        var written: Int64 = 0
        var pulled: Int64 = 0
        var spans = Deque<Span>()
        var paused = false
    }

    public private(set) var mixer: SoundMixer
    private var layers: [String: Layer] = [:]

    public init(channels: Int) { mixer = SoundMixer(channels: channels) }

    public var channels: Int { mixer.channels }
    public var layerNames: [String] { layers.keys.sorted() }

    /// `gain`: 0...1 (the layer's `volume=`).
    public mutating func add(_ layer: String, gain: Double) {
        mixer.setLevel(layer, gain: gain)
        if layers[layer] == nil { layers[layer] = Layer() }
    }

    /// Takes at most what keeps the layer's queued-or-unheard frames within `capacity`; returns
    /// the frames taken. `cardPlayed`: the card's played position now.
    public mutating func write(_ layer: String, _ samples: ArraySlice<Float>, capacity: Int, cardPlayed: Int64) -> Int {
        guard layers[layer] != nil else { return 0 }
        let held = Int(written(layer) - played(layer, cardPlayed: cardPlayed))
        let frames = min(max(0, capacity - held), samples.count / channels)
        guard frames > 0 else { return 0 }
        mixer.push(layer, Array(samples.prefix(frames * channels)))
        layers[layer]!.written += Int64(frames)
        return frames
    }

    public func written(_ layer: String) -> Int64 { layers[layer]?.written ?? 0 }

    /// The layer's frames the card has played: those pulled, less those still in the card.
    public func played(_ layer: String, cardPlayed: Int64) -> Int64 {
        guard let l = layers[layer] else { return 0 }
        var unheard = 0
        for span in l.spans {
            let heard = Int(min(max(cardPlayed - span.start, 0), Int64(span.count)))
            unheard += span.count - heard
        }
        return l.pulled - Int64(unheard)
    }

    /// A paused layer keeps what it queued and adds silence; what is already in the card is
    /// heard (the card is not paused for one layer).
    public mutating func setPaused(_ layer: String, _ paused: Bool) {
        layers[layer]?.paused = paused
    }

    /// Drops what the layer queued and starts its counters again at zero. Its frames already in
    /// the card are still heard, but no longer counted.
    public mutating func flush(_ layer: String) {
        guard layers[layer] != nil else { return }
        mixer.dropPending(layer)
        layers[layer] = Layer(paused: layers[layer]!.paused)
    }

    /// The next `frames` of the mix, to be written to the card from its position `cardStart`.
    /// `cardPlayed`: what the card has played, so that spans heard in full are forgotten.
    public mutating func pull(frames: Int, cardStart: Int64, cardPlayed: Int64) -> [Float] {
        let held = Set(layers.filter(\.value.paused).keys)
        let out = mixer.pull(frames: frames, holding: held)
        for name in layers.keys {
            var l = layers[name]!
            while let first = l.spans.first, first.start + Int64(first.count) <= cardPlayed { l.spans.removeFirst() }
            if let n = mixer.lastPulled[name] {
                l.spans.append(Span(start: cardStart, count: n))
                l.pulled += Int64(n)
            }
            layers[name] = l
        }
        return out
    }

    /// Frames some layer still has queued: the bus drains until this is zero.
    public var pendingFrames: Int { layers.keys.reduce(0) { $0 + mixer.pendingFrames($1) } }
}
