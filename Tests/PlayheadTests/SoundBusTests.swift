import Playhead
import PlayheadTestSupport
import Synchronization
import Testing

/// The bus stepped by hand over a recording card on a virtual clock: no thread, no sleeping.
@Suite struct SoundBusTests {
    private func constant(_ frames: Int, _ value: Float, channels: Int = 2) -> ArraySlice<Float> {
        ArraySlice([Float](repeating: value, count: frames * channels))
    }

    @Test func theCardPlaysTheLayersMixedAtTheirLevels() {
        let clock = VirtualClock()
        let card = RecordingAudioSink(clock: clock, route: nil)
        let bus = SoundBus(output: card, threaded: false)
        let a = bus.sink(for: "a", gain: 1), b = bus.sink(for: "b", gain: 0.5)
        #expect(a.write(constant(1000, 0.2)) == 1000)
        #expect(b.write(constant(1000, 0.4)) == 1000)
        bus.step()
        let runs = card.runs
        #expect(runs.first.map { abs($0.value - 0.4) < 1e-6 && $0.count == 2000 } == true, "\(runs)")
        // The rest of the card's buffer is silence: no layer had more.
        #expect(runs.dropFirst().allSatisfy { $0.value == 0 }, "\(runs)")
        #expect(bus.summary == "sound: 2 layers mixed (a, b), 0 samples clipped")
    }

    @Test func eachLayersClockIsItsOwnFramesTheCardPlayed() {
        let clock = VirtualClock()
        let card = RecordingAudioSink(clock: clock, route: nil)
        let bus = SoundBus(output: card, threaded: false)
        let early = bus.sink(for: "early", gain: 1), late = bus.sink(for: "late", gain: 1)
        _ = early.write(constant(4800, 0.1))
        bus.step()
        // "late" comes 10 ms later: its first frame goes after the card's full buffer.
        clock.advance(byNanoseconds: 10_000_000)
        _ = late.write(constant(480, 0.1))
        bus.step()
        #expect(early.playedFrames() == 480)
        #expect(late.playedFrames() == 0)
        clock.advance(byNanoseconds: 100_000_000)
        #expect(early.playedFrames() == 4800)
        #expect(late.playedFrames() == 480)
        #expect(late.writtenFrames() == 480)
    }

    @Test func pausingOneLayerLeavesTheOtherPlaying() {
        let clock = VirtualClock()
        let card = RecordingAudioSink(clock: clock, route: nil)
        let bus = SoundBus(output: card, threaded: false)
        let a = bus.sink(for: "a", gain: 1), b = bus.sink(for: "b", gain: 1)
        a.pause()
        _ = a.write(constant(100, 0.25))
        _ = b.write(constant(100, 0.5))
        bus.step()
        #expect(card.runs.first.map { $0.value == 0.5 && $0.count == 200 } == true, "\(card.runs)")
        clock.advance(byNanoseconds: 100_000_000)
        #expect(a.playedFrames() == 0)
        #expect(b.playedFrames() == 100)
    }

    @Test func interruptionsOfTheCardReachEveryLayer() {
        let clock = VirtualClock()
        let card = RecordingAudioSink(clock: clock, route: nil)
        let bus = SoundBus(output: card, threaded: false)
        let heard = Mutex<[String]>([])
        for name in ["a", "b"] {
            bus.sink(for: name, gain: 1).setInterruptionHandler { began in heard.withLock { $0.append("\(name) \(began)") } }
        }
        card.suspendAndResume()
        #expect(heard.withLock { $0.sorted() } == ["a false", "a true", "b false", "b true"])
    }

    @Test func aLayerMovesTheCardForEveryLayer() throws {
        let clock = VirtualClock()
        let card = RecordingAudioSink(clock: clock, route: nil)
        let bus = SoundBus(output: card, threaded: false)
        let route = AudioRoute(device: "hw:1,0", name: "USB", card: "1")
        try bus.sink(for: "main", gain: 1).move(to: route)
        #expect(card.moves == [route])
        #expect(bus.sink(for: "other", gain: 1).currentRoute == route)
    }
}
