import Testing
@testable import PlayheadCore

@Suite struct VolumeRampTests {
    /// Gains per frame for `frames` frames of a constant 1, on `channels` channels.
    func gains(_ ramp: inout VolumeRamp, frames: Int, channels: Int = 2) -> [Float] {
        var samples = [Float](repeating: 1, count: frames * channels)
        ramp.apply(to: &samples, channels: channels)
        for f in 0..<frames {
            // Every channel of a frame gets the same gain.
            for c in 1..<channels { #expect(samples[f * channels + c] == samples[f * channels]) }
        }
        return stride(from: 0, to: samples.count, by: channels).map { samples[$0] }
    }

    @Test func defaultRampIsTenMilliseconds() {
        #expect(VolumeRamp(sampleRate: 48_000).rampFrames == 480)
        #expect(VolumeRamp(sampleRate: 44_100).rampFrames == 441)
        #expect(VolumeRamp(sampleRate: 8_000, rampMilliseconds: 0).rampFrames == 1)
    }

    @Test func constantGainIsExact() {
        var unity = VolumeRamp(sampleRate: 48_000)
        let input: [Float] = [0.1, -0.7, 0.3333, 1, -1, 0.000001]
        var samples = input
        unity.apply(to: &samples, channels: 2)
        #expect(samples == input)
        var half = VolumeRamp(gain: 0.5, sampleRate: 48_000)
        samples = input
        half.apply(to: &samples, channels: 2)
        #expect(samples == input.map { $0 * 0.5 })
        // Setting the same target again starts no ramp.
        half.setTarget(0.5)
        #expect(!half.isRamping)
    }

    @Test func rampDownHasItsLengthAndOnlyFalls() {
        var ramp = VolumeRamp(gain: 1, rampFrames: 480)
        ramp.setTarget(0)
        let g = gains(&ramp, frames: 600)
        // Linear: no jump bigger than one step, never rising, exactly 0 at the last ramp frame.
        #expect(g.firstIndex(of: 0) == 479)
        #expect(g[478] > 0)
        for (a, b) in zip(g, g.dropFirst()) {
            #expect(b <= a)
            #expect(a - b <= 1.0 / 480 + 1e-6)
        }
        #expect(g[0] < 1 && g[0] > 0.99)
        #expect(g[479...].allSatisfy { $0 == 0 })
        #expect(!ramp.isRamping)
    }

    @Test func rampUpOnlyRisesAndLandsExactly() {
        var ramp = VolumeRamp(gain: 0.25, rampFrames: 100)
        ramp.setTarget(1)
        let g = gains(&ramp, frames: 150, channels: 1)
        for (a, b) in zip(g, g.dropFirst()) { #expect(b >= a) }
        #expect(g.firstIndex(of: 1) == 99)
        #expect(g[99...].allSatisfy { $0 == 1 })
    }

    @Test func rampContinuesAcrossBuffersAndPartialWrites() {
        var whole = VolumeRamp(gain: 1, rampFrames: 64)
        whole.setTarget(0.2)
        let reference = gains(&whole, frames: 100, channels: 1)

        var ramp = VolumeRamp(gain: 1, rampFrames: 64)
        ramp.setTarget(0.2)
        var out: [Float] = []
        let input = [Float](repeating: 1, count: 100)
        var at = 0
        while at < input.count {
            // Offer 30 frames, the device takes only 7: the next offer starts where it stopped.
            let offered = ramp.applied(to: input[at..<min(at + 30, input.count)], channels: 1)
            let took = min(7, offered.count)
            out += offered[..<took]
            ramp.advance(frames: took)
            at += took
        }
        #expect(out == reference)
    }

    @Test func newTargetMidRampStartsFromWhereItIs() {
        var ramp = VolumeRamp(gain: 1, rampFrames: 100)
        ramp.setTarget(0)
        let first = gains(&ramp, frames: 50, channels: 1)
        ramp.setTarget(1)
        let second = gains(&ramp, frames: 120, channels: 1)
        let last = first.last ?? 0
        // Turning round without a step: the first new frame is one small step from the last.
        #expect(abs(second[0] - last) <= 0.01)
        for (a, b) in zip(second, second.dropFirst()) { #expect(b >= a) }
        #expect(second[99...].allSatisfy { $0 == 1 })
    }
}
