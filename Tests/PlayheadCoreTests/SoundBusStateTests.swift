import Testing
@testable import PlayheadCore

@Suite struct SoundBusStateTests {
    private func ones(_ frames: Int, _ value: Float = 0.25) -> ArraySlice<Float> { ArraySlice([Float](repeating: value, count: frames)) }

    @Test func aLayersFramesAreHeardWhenTheCardPlaysThem() {
        var bus = SoundBusState(channels: 1)
        bus.add("a", gain: 1)
        #expect(bus.write("a", ones(100), capacity: 1000, cardPlayed: 0) == 100)
        // The card already holds 40 frames of before: the layer's first frame is its 41st.
        _ = bus.pull(frames: 60, cardStart: 40, cardPlayed: 0)
        #expect(bus.played("a", cardPlayed: 40) == 0)
        #expect(bus.played("a", cardPlayed: 70) == 30)
        #expect(bus.played("a", cardPlayed: 100) == 60)
        // Never more than was pulled, however far the card goes.
        #expect(bus.played("a", cardPlayed: 500) == 60)
        #expect(bus.written("a") == 100)
    }

    @Test func aLayerThatRanDryIsNotCountedForTheSilenceAddedInItsPlace() {
        var bus = SoundBusState(channels: 1)
        bus.add("a", gain: 1)
        bus.add("b", gain: 1)
        _ = bus.write("a", ones(10), capacity: 1000, cardPlayed: 0)
        _ = bus.write("b", ones(50), capacity: 1000, cardPlayed: 0)
        _ = bus.pull(frames: 50, cardStart: 0, cardPlayed: 0)
        // "a" gave its 10 frames at the start of that pull, then silence.
        #expect(bus.played("a", cardPlayed: 5) == 5)
        #expect(bus.played("a", cardPlayed: 40) == 10)
        _ = bus.write("a", ones(10), capacity: 1000, cardPlayed: 40)
        _ = bus.pull(frames: 20, cardStart: 50, cardPlayed: 40)
        #expect(bus.played("a", cardPlayed: 55) == 15)
        #expect(bus.played("b", cardPlayed: 55) == 50)
    }

    @Test func writesStopWhenTheQueuedAndUnheardFramesReachTheCapacity() {
        var bus = SoundBusState(channels: 2)
        bus.add("a", gain: 1)
        #expect(bus.write("a", ones(2 * 300), capacity: 200, cardPlayed: 0) == 200)
        #expect(bus.write("a", ones(2 * 10), capacity: 200, cardPlayed: 0) == 0)
        _ = bus.pull(frames: 150, cardStart: 0, cardPlayed: 0)
        // Pulled is not heard: still full until the card plays them.
        #expect(bus.write("a", ones(2 * 10), capacity: 200, cardPlayed: 0) == 0)
        #expect(bus.write("a", ones(2 * 100), capacity: 200, cardPlayed: 100) == 100)
        #expect(bus.pendingFrames == 150)
    }

    @Test func aPausedLayerKeepsItsQueueAndTheOthersPlayOn() {
        var bus = SoundBusState(channels: 1)
        bus.add("a", gain: 1)
        bus.add("b", gain: 1)
        _ = bus.write("a", ones(20, 0.5), capacity: 1000, cardPlayed: 0)
        _ = bus.write("b", ones(20, 0.25), capacity: 1000, cardPlayed: 0)
        bus.setPaused("a", true)
        #expect(bus.pull(frames: 10, cardStart: 0, cardPlayed: 0) == [Float](repeating: 0.25, count: 10))
        #expect(bus.played("a", cardPlayed: 10) == 0)
        bus.setPaused("a", false)
        #expect(bus.pull(frames: 10, cardStart: 10, cardPlayed: 10) == [Float](repeating: 0.75, count: 10))
        #expect(bus.played("a", cardPlayed: 20) == 10)
    }

    @Test func aFlushStartsTheLayersCountersAgain() {
        var bus = SoundBusState(channels: 1)
        bus.add("a", gain: 1)
        _ = bus.write("a", ones(40), capacity: 1000, cardPlayed: 0)
        _ = bus.pull(frames: 20, cardStart: 0, cardPlayed: 0)
        bus.flush("a")
        #expect(bus.written("a") == 0)
        #expect(bus.played("a", cardPlayed: 20) == 0)
        #expect(bus.pendingFrames == 0)
        // What follows the flush is counted from zero, wherever the card is.
        _ = bus.write("a", ones(10), capacity: 1000, cardPlayed: 5)
        _ = bus.pull(frames: 10, cardStart: 20, cardPlayed: 5)
        #expect(bus.played("a", cardPlayed: 25) == 5)
    }

    @Test func levelsAreTheLayersVolumes() {
        var bus = SoundBusState(channels: 1)
        bus.add("loud", gain: 1)
        bus.add("half", gain: 0.5)
        _ = bus.write("loud", ones(4, 0.5), capacity: 100, cardPlayed: 0)
        _ = bus.write("half", ones(4, 0.5), capacity: 100, cardPlayed: 0)
        #expect(bus.pull(frames: 4, cardStart: 0, cardPlayed: 0) == [Float](repeating: 0.75, count: 4))
    }

    @Test func anUnknownLayerTakesNothing() {
        var bus = SoundBusState(channels: 1)
        #expect(bus.write("nobody", ones(4), capacity: 100, cardPlayed: 0) == 0)
        #expect(bus.played("nobody", cardPlayed: 100) == 0)
    }
}
