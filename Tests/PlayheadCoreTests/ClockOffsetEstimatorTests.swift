import PlayheadCore
import Testing

@Suite struct ClockOffsetEstimatorTests {
    /// The leader's clock is `offset` ahead; each exchange's two legs take `out` and `back`.
    static func exchange(_ e: inout ClockOffsetEstimator, at t1: Int64, offset: Int64, out: Int64, back: Int64, hold: Int64 = 50_000) {
        let t2 = t1 + out + offset
        let t3 = t2 + hold
        e.add(t1: t1, t2: t2, t3: t3, t4: t3 - offset + back)
    }

    @Test func theQuickestExchangeIsBelieved() throws {
        var e = ClockOffsetEstimator()
        let offset: Int64 = 123_456_789
        // Jittered legs (netem's delay), one quick exchange among them.
        let legs: [(Int64, Int64)] = [(9_000_000, 2_000_000), (4_000_000, 12_000_000), (300_000, 200_000), (7_000_000, 7_500_000)]
        for (i, leg) in legs.enumerated() {
            Self.exchange(&e, at: Int64(i) * 500_000_000, offset: offset, out: leg.0, back: leg.1)
        }
        let got = try #require(e.estimate(now: 2_000_000_000))
        #expect(abs(got.offset - offset) <= got.uncertainty)
        #expect(got.uncertainty == 250_000)
    }

    @Test func impossibleExchangesAreIgnoredAndOldOnesForgotten() {
        var e = ClockOffsetEstimator()
        e.add(t1: 100, t2: 0, t3: 10, t4: 50)  // answered before it was asked
        e.add(t1: 100, t2: 0, t3: -10, t4: 200)  // the leader sent before it received
        e.add(t1: .min, t2: 0, t3: 0, t4: .max)
        #expect(e.estimate(now: 300) == nil)
        Self.exchange(&e, at: 0, offset: 5, out: 1000, back: 1000)
        #expect(e.estimate(now: 1_000_000_000) != nil)
        #expect(e.estimate(now: ClockOffsetEstimator.maxAge + 1_000_000) == nil)
    }

    @Test func aSkewedClockIsFollowed() throws {
        // The leader's clock gains 100 ppm: recent exchanges only, so the estimate keeps up.
        var e = ClockOffsetEstimator()
        var t: Int64 = 0
        while t < 600_000_000_000 {
            Self.exchange(&e, at: t, offset: t / 10_000, out: 400_000, back: 400_000)
            t += 500_000_000
        }
        let got = try #require(e.estimate(now: t))
        #expect(abs(got.offset - t / 10_000) < 1_000_000, "\(got.offset) against \(t / 10_000)")
    }
}
