/// One player's sound on a `SoundBus`: what the player writes is queued into the mix, and its
/// clock is its own frames the card has played. Pausing or flushing touches this layer only;
/// a move to another card moves the bus's card, so every layer's sound goes with it.
public final class LayerSoundSink: AudioSink, AudioRouting {
    private let bus: SoundBus
    public let layer: String

    init(bus: SoundBus, layer: String) {
        self.bus = bus
        self.layer = layer
    }

    public var name: String { "\(bus.output.name), mixed (layer \(layer))" }
    public var format: AudioFormat { bus.output.format }
    /// Twice the card's: the card holds up to its own buffer of this layer's frames, and the
    /// layer keeps about as much queued for the bus's next rounds.
    public var bufferCapacityFrames: Int { bus.output.bufferCapacityFrames * 2 }
    public var failure: PlaybackError? { bus.output.failure }

    public func write(_ samples: ArraySlice<Float>) -> Int { bus.write(layer, samples, capacity: bufferCapacityFrames) }
    public func writtenFrames() -> Int64 { bus.written(layer) }
    public func playedFrames() -> Int64 { bus.played(layer) }
    public func pause() { bus.setPaused(layer, true) }
    public func resume() { bus.setPaused(layer, false) }
    public func flush() { bus.flush(layer) }
    /// The card's own mixer would set every layer's level at once: each player's volume is
    /// applied to its samples instead.
    public func applyHardwareVolume(_ volume: Float) -> Bool { false }
    public func setInterruptionHandler(_ handler: @escaping @Sendable (Bool) -> Void) { bus.setInterruptionHandler(layer, handler) }

    // MARK: AudioRouting

    public var currentRoute: AudioRoute? { (bus.output as? any AudioRouting)?.currentRoute }

    public func move(to route: AudioRoute) throws(PlaybackError) {
        guard let routing = bus.output as? any AudioRouting else {
            throw PlaybackError(.deviceFailed, "\(bus.output.name) cannot move to \(route.device)")
        }
        try routing.move(to: route)
    }
}
