import PlayheadSys
import Synchronization

/// Several players' sound mixed into one card's stream. Each player gets a `LayerSoundSink`
/// that queues into the mixer; the bus's own thread (`ph-mix`) keeps the card's sink full with
/// the mix, every few milliseconds, and never waits for a layer: one that has nothing queued is
/// silence. The card's sink is written only from that thread, so its position is the bus's.
///
/// Calls into the card's sink are made outside the bus's lock: its thread may call the bus
/// back (an interruption) while holding its own.
public final class SoundBus: Sendable {
    public let output: any AudioSink
    private let state: Mutex<SoundBusState>
    /// Mixed frames the card did not take yet; the bus's thread only.
    private let carry = Mutex<[Float]>([])
    private let handlers = Mutex<[String: @Sendable (Bool) -> Void]>([:])
    private let ticker = TickingThread()

    /// The bus wakes this often. The card's sink holds its buffer's worth (50 ms by default), so
    /// a wake that comes late by less than that is not heard.
    static let cycleNanoseconds: Int64 = 5_000_000

    /// `threaded` false: nothing moves until `step()` is called (the tests).
    public init(output: any AudioSink, threaded: Bool = true) {
        self.output = output
        state = Mutex(SoundBusState(channels: output.format.channels))
        output.setInterruptionHandler { [weak self] began in self?.interrupted(began) }
        guard threaded else { return }
        ticker.start(name: "ph-mix") { [self] in
            step()
            return Self.cycleNanoseconds
        }
    }

    /// A player's sink on the bus; `gain` is the layer's volume (0...1).
    public func sink(for layer: String, gain: Double) -> LayerSoundSink {
        state.withLock { $0.add(layer, gain: gain) }
        return LayerSoundSink(bus: self, layer: layer)
    }

    /// One round: what the card did not take last time, then as much of the mix as it has room for.
    public func step() {
        let channels = output.format.channels
        var pending = carry.withLock { c in
            let taken = c
            c = []
            return taken
        }
        if !pending.isEmpty {
            let took = output.write(pending[...])
            pending.removeFirst(min(took * channels, pending.count))
            guard pending.isEmpty else {
                carry.withLock { $0 = pending }
                return
            }
        }
        let start = output.writtenFrames(), played = output.playedFrames()
        let room = output.bufferCapacityFrames - Int(start - played)
        guard room > 0 else { return }
        var mix = state.withLock { $0.pull(frames: room, cardStart: start, cardPlayed: played) }
        let took = output.write(mix[...])
        if took < room {
            mix.removeFirst(took * channels)
            carry.withLock { $0 = mix }
        }
    }

    /// Waits (at most `milliseconds`) until every layer's queued sound went to the card; the
    /// card's own drain comes after.
    public func drain(milliseconds: Int = 1000) {
        let deadline = MonotonicClock().now().nanoseconds + Int64(milliseconds) * 1_000_000
        while (state.withLock { $0.pendingFrames } > 0 || !carry.withLock { $0.isEmpty }),
              MonotonicClock().now().nanoseconds < deadline {
            MonotonicClock.sleep(milliseconds: 5)
        }
    }

    /// Ends the bus's thread; the card's sink is its owner's to close. Again does nothing.
    public func close() { ticker.stop() }

    /// `sound: 2 layers mixed (bg, left), 0 samples clipped`.
    public var summary: String {
        state.withLock { s in
            "sound: \(s.layerNames.count) layers mixed (\(s.layerNames.joined(separator: ", "))), \(s.mixer.clippedSamples) samples clipped"
        }
    }

    // MARK: for LayerSoundSink

    func write(_ layer: String, _ samples: ArraySlice<Float>, capacity: Int) -> Int {
        let played = output.playedFrames()
        return state.withLock { $0.write(layer, samples, capacity: capacity, cardPlayed: played) }
    }

    func written(_ layer: String) -> Int64 { state.withLock { $0.written(layer) } }

    func played(_ layer: String) -> Int64 {
        let played = output.playedFrames()
        return state.withLock { $0.played(layer, cardPlayed: played) }
    }

    func setPaused(_ layer: String, _ paused: Bool) { state.withLock { $0.setPaused(layer, paused) } }
    func flush(_ layer: String) { state.withLock { $0.flush(layer) } }

    private func interrupted(_ began: Bool) {
        for handler in handlers.withLock({ Array($0.values) }) { handler(began) }
    }

    func setInterruptionHandler(_ layer: String, _ handler: @escaping @Sendable (Bool) -> Void) {
        handlers.withLock { $0[layer] = handler }
    }
}
