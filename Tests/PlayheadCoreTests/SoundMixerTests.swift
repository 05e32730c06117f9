import Testing
@testable import PlayheadCore

@Suite struct SoundMixerTests {
    @Test func levelsAddAndAMutedLayerIsNotHeard() {
        var m = SoundMixer(channels: 2)
        m.setLevel("a", gain: 0.5)
        m.setLevel("b", gain: 0.25)
        m.setLevel("c", gain: 0)
        m.push("a", [Float](repeating: 0.4, count: 8))
        m.push("b", [Float](repeating: -0.4, count: 8))
        m.push("c", [Float](repeating: 0.9, count: 8))
        let out = m.pull(frames: 4)
        #expect(out.count == 8)
        #expect(out.allSatisfy { abs($0 - 0.1) < 1e-6 }, "\(out)")
        #expect(m.pendingFrames("c") == 0)
    }

    @Test func theSumIsClippedAndCounted() {
        var m = SoundMixer(channels: 1)
        m.push("a", [0.8, -0.8, 0.1])
        m.push("b", [0.8, -0.8, 0.1])
        #expect(m.pull(frames: 3).map { ($0 * 1000).rounded() / 1000 } == [1, -1, 0.2])
        #expect(m.clippedSamples == 2)
    }

    @Test func aLayerThatStartsLateAddsSilenceUntilItsSoundComes() {
        var m = SoundMixer(channels: 1)
        m.setLevel("late", gain: 1)
        m.push("first", [0.25, 0.25])
        #expect(m.pull(frames: 2) == [0.25, 0.25])
        m.push("first", [0.25, 0.25])
        m.push("late", [0.5])
        #expect(m.pull(frames: 2) == [0.75, 0.25])
        // Nothing queued anywhere: silence, never a wait.
        #expect(m.pull(frames: 2) == [0, 0])
    }

    @Test func aChangedLevelRampsOverOnePull() {
        var m = SoundMixer(channels: 1)
        m.push("a", [Float](repeating: 1, count: 8))
        m.setLevel("a", gain: 0)
        let out = m.pull(frames: 4)
        #expect(out == [0.75, 0.5, 0.25, 0])
        #expect(m.pull(frames: 4) == [0, 0, 0, 0])
    }

    @Test func aLayerNobodyPullsIsBounded() {
        var m = SoundMixer(channels: 2)
        let dropped = m.push("a", [Float](repeating: 0, count: (SoundMixer.maxPendingFrames + 10) * 2))
        #expect(dropped == 10)
        #expect(m.pendingFrames("a") == SoundMixer.maxPendingFrames)
    }
}
