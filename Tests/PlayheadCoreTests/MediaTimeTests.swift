import Testing
@testable import PlayheadCore

@Suite struct MediaTimeTests {
    @Test func addsAcrossTimescalesExactly() {
        let a = MediaTime(value: 1, timescale: 3)
        let b = MediaTime(value: 1, timescale: 6)
        #expect(a + b == MediaTime(value: 1, timescale: 2))
        #expect((a + b).timescale == 6)
        #expect(a - b == MediaTime(value: 1, timescale: 6))
    }

    @Test func comparesRationals() {
        #expect(MediaTime(value: 1, timescale: 90000) < MediaTime(value: 1, timescale: 48000))
        #expect(MediaTime(value: 2, timescale: 4) == MediaTime(value: 1, timescale: 2))
        #expect(Set([MediaTime(value: 2, timescale: 4), MediaTime(value: 1, timescale: 2)]).count == 1)
    }

    @Test func specialValues() {
        let one = MediaTime(value: 1, timescale: 1)
        #expect(!(MediaTime.invalid + one).isValid)
        #expect((MediaTime.positiveInfinity + one) == .positiveInfinity)
        #expect(!(MediaTime.positiveInfinity + .negativeInfinity).isValid)
        #expect((MediaTime.indefinite - one).isIndefinite)
        #expect(MediaTime.negativeInfinity < one && one < .positiveInfinity && MediaTime.positiveInfinity < .indefinite)
        #expect(-MediaTime.positiveInfinity == .negativeInfinity)
    }

    @Test func convertsWithoutDrift() {
        // 10 hours of 1/90000 ticks in 1/1000 and back: the same instant, no accumulated error.
        var t = MediaTime.zero
        let frame = MediaTime(value: 3003, timescale: 90000)
        for _ in 0..<(10 * 3600 * 30) { t += frame }
        #expect(t == MediaTime(value: 3003 * 10 * 3600 * 30, timescale: 90000))
        #expect(t.converted(to: 1000).value == 36_036_000)
        #expect(MediaTime(value: 1, timescale: 3).converted(to: 1000).value == 333)
        #expect(MediaTime(value: 2, timescale: 3).converted(to: 1000).value == 667)
        #expect(MediaTime(value: -2, timescale: 3).converted(to: 1000).value == -667)
    }

    @Test func secondsRoundTrip() {
        #expect(MediaTime(seconds: 1.5, preferredTimescale: 1000) == MediaTime(value: 3, timescale: 2))
        #expect(MediaTime(value: 1234, timescale: 1000).secondsText == "1.234")
        #expect(MediaTime(value: -5, timescale: 1000).secondsText == "-0.005")
        #expect(MediaTime(nanoseconds: 1_500_000_000).nanoseconds == 1_500_000_000)
    }

    @Test func saturatesInsteadOfOverflowing() {
        let big = MediaTime(value: .max - 1, timescale: 1)
        #expect(big + MediaTime(value: 10, timescale: 1) == .positiveInfinity)
        #expect(MediaTime(value: .max, timescale: 1).converted(to: 1000) == .positiveInfinity)
    }

    /// Properties over random values: addition commutes and associates, subtraction undoes
    /// addition, conversion to a multiple timescale is exact, and ordering agrees with
    /// subtraction's sign.
    @Test func arithmeticProperties() {
        var rng = SplitMix64(seed: 0x5EED)
        let scales: [Int32] = [1, 2, 3, 25, 30, 1000, 44100, 48000, 90000, 1_000_000]
        for _ in 0..<2000 {
            func random() -> MediaTime {
                MediaTime(value: Int64.random(in: -10_000_000...10_000_000, using: &rng),
                          timescale: scales.randomElement(using: &rng)!)
            }
            let a = random(), b = random(), c = random()
            #expect(a + b == b + a)
            #expect((a + b) + c == a + (b + c))
            #expect((a + b) - b == a)
            #expect(a.converted(to: a.timescale * 2) == a)
            #expect((a < b) == ((a - b) < .zero))
            let ns = a.nanoseconds
            #expect(MediaTime(nanoseconds: ns) - a < MediaTime(value: 1, timescale: 1_000_000_000))
        }
    }
}
