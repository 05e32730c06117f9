import Testing
@testable import PlayheadCore

/// Time bases and timestamps as hostile files give them: every result is either the exact
/// rational (checked in Int128, independently of the type's own maths) or "no time", and
/// nothing traps.
@Suite struct StreamTimeBaseTests {
    static let bases: [(Int32, Int32)] = [
        (1, 1), (1, Int32.max), (Int32.max, 1), (Int32.max, Int32.max), (1, 90_000), (1001, 30_000), (0, 0), (-5, -7),
    ]
    static let ticks: [Int64] = [
        StreamTimeBase.noTimestamp, Int64.min + 1, Int64.min / 2, -1, 0, 1, 90_000, Int64.max / 2, Int64.max - 1, Int64.max,
    ]
    static let offsets: [Int64] = [0, 126_000, Int64.max, Int64.min + 1, -1]

    @Test func ordinaryStreamMapsBothWays() {
        // MPEG-TS at 1/90000 starting at 1.4 s: its 2.4 s is the item's 1 s.
        let base = StreamTimeBase(numerator: 1, denominator: 90_000, offset: 126_000)
        #expect(base.mediaTime(216_000) == MediaTime(value: 1, timescale: 1))
        #expect(base.ticks(at: MediaTime(value: 1, timescale: 1)) == 216_000)
        #expect(base.tick(before: MediaTime(value: 1, timescale: 1)) == 215_999)
        #expect(base.duration(3003) == MediaTime(value: 1001, timescale: 30_000))
        let ntsc = StreamTimeBase(numerator: 1001, denominator: 30_000)
        #expect(ntsc.mediaTime(30) == MediaTime(value: 1001, timescale: 1000))
        #expect(ntsc.ticks(at: MediaTime(value: 1001, timescale: 1000)) == 30)
    }

    @Test func startGivenAsTimeBecomesTicks() {
        let base = StreamTimeBase(numerator: 1, denominator: 90_000, start: MediaTime(value: 1_400_000, timescale: 1_000_000))
        #expect(base.offset == 126_000)
        #expect(base.mediaTime(126_000) == .zero)
        // A start no stream could reach saturates rather than trapping.
        let far = StreamTimeBase(numerator: 1, denominator: Int32.max, start: MediaTime(value: Int64.max, timescale: 1))
        #expect(far.offset == Int64.max)
        #expect(StreamTimeBase(numerator: 1, denominator: 1, start: .invalid).offset == 0)
    }

    @Test func noTimestampAndNonPositiveLengthsAreNoTime() {
        let base = StreamTimeBase(numerator: 1, denominator: 1000)
        #expect(!base.mediaTime(StreamTimeBase.noTimestamp).isValid)
        #expect(!base.duration(StreamTimeBase.noTimestamp).isValid)
        #expect(!base.duration(0).isValid)
        #expect(!base.duration(-40).isValid)
    }

    @Test func timestampsAreExactOrNoTime() {
        for (num, den) in Self.bases {
            for offset in Self.offsets {
                let base = StreamTimeBase(numerator: num, denominator: den, offset: offset)
                for t in Self.ticks where t != StreamTimeBase.noTimestamp {
                    let exact = (Int128(t) - Int128(base.offset)) * Int128(base.numerator)
                    let got = base.mediaTime(t)
                    if let value = Int64(exactly: exact) {
                        #expect(got == MediaTime(value: value, timescale: base.denominator), "\(num)/\(den) +\(offset) at \(t)")
                    } else {
                        #expect(!got.isValid, "\(num)/\(den) +\(offset) at \(t): \(got)")
                    }
                }
            }
        }
    }

    @Test func durationsAreExactOrNoTime() {
        for (num, den) in Self.bases {
            let base = StreamTimeBase(numerator: num, denominator: den)
            for t in Self.ticks where t > 0 {
                let exact = Int128(t) * Int128(base.numerator)
                let got = base.duration(t)
                if let value = Int64(exactly: exact) {
                    #expect(got == MediaTime(value: value, timescale: base.denominator))
                } else {
                    #expect(!got.isValid, "\(num)/\(den) for \(t): \(got)")
                }
            }
        }
    }

    /// Seeking to any time in any time base gives a timestamp the container can take (never
    /// AV_NOPTS_VALUE), in order, and saturated at the ends rather than wrapped.
    @Test func seekTimestampsSaturateInOrder() {
        let times: [MediaTime] = [
            .negativeInfinity, MediaTime(value: Int64.min, timescale: 1), MediaTime(value: Int64.min, timescale: Int32.max),
            MediaTime(value: -1, timescale: 1), .zero, MediaTime(value: 1, timescale: Int32.max), MediaTime(value: 1, timescale: 1),
            MediaTime(value: Int64.max, timescale: Int32.max), MediaTime(value: Int64.max, timescale: 1), .positiveInfinity,
        ]
        for (num, den) in Self.bases {
            for offset in Self.offsets {
                let base = StreamTimeBase(numerator: num, denominator: den, offset: offset)
                var previous = Int64.min
                for t in times {
                    let ticks = base.ticks(at: t)
                    #expect(ticks != StreamTimeBase.noTimestamp, "\(num)/\(den) +\(offset) at \(t)")
                    #expect(ticks >= previous, "\(num)/\(den) +\(offset) at \(t): \(ticks) before \(previous)")
                    previous = ticks
                    let before = base.tick(before: t)
                    #expect(before != StreamTimeBase.noTimestamp && before <= ticks)
                }
                #expect(base.ticks(at: .positiveInfinity) == Int64.max)
                #expect(base.ticks(at: .negativeInfinity) == Int64.min + 1)
            }
        }
        // Far past the end of Int64 ticks: the last timestamp, not a wrapped one.
        let fine = StreamTimeBase(numerator: 1, denominator: Int32.max)
        #expect(fine.ticks(at: MediaTime(value: Int64.max, timescale: 1)) == Int64.max)
        #expect(fine.ticks(at: MediaTime(value: Int64.min, timescale: 1)) == Int64.min + 1)
    }
}
