import PlayheadCore
import Testing

@Suite struct ClockContinuityTests {
    static func ms(_ v: Int64) -> MediaTime { MediaTime(value: v, timescale: 1000) }

    @Test func packetsThatFollowOnAreLeftAlone() {
        var c = ClockContinuity()
        for i in 0..<100 as Range<Int64> {
            let r = c.take(stream: 0, time: Self.ms(i * 40), duration: Self.ms(40))
            #expect(r.offset == .zero && r.jumpedAt == nil)
        }
        // Jitter and a pause under a second are not jumps.
        #expect(c.take(stream: 0, time: Self.ms(4000 + 900), duration: .invalid).jumpedAt == nil)
        #expect(!c.hasJumped)
    }

    @Test func aClockThatJumpsForwardIsMovedBackToFollowOn() {
        var c = ClockContinuity()
        _ = c.take(stream: 0, time: Self.ms(1960), duration: Self.ms(40))
        let r = c.take(stream: 0, time: Self.ms(101_480), duration: Self.ms(40))
        #expect(r.jumpedAt == Self.ms(2000))
        #expect(Self.ms(101_480) + r.offset == Self.ms(2000))
        let next = c.take(stream: 0, time: Self.ms(101_520), duration: Self.ms(40))
        #expect(next.jumpedAt == nil && Self.ms(101_520) + next.offset == Self.ms(2040))
        #expect(c.hasJumped)
    }

    @Test func aClockThatGoesBackIsMovedForward() {
        var c = ClockContinuity()
        _ = c.take(stream: 1, time: Self.ms(50_000), duration: Self.ms(21))
        let r = c.take(stream: 1, time: Self.ms(1_400), duration: Self.ms(21))
        #expect(r.jumpedAt == Self.ms(50_021) && Self.ms(1_400) + r.offset == Self.ms(50_021))
    }

    @Test func theSecondStreamTakesTheFirstOnesMoveAndStaysInStep() {
        var c = ClockContinuity()
        // Video and sound end the first recording 20 ms apart; the second starts at 100 s.
        _ = c.take(stream: 0, time: Self.ms(1960), duration: Self.ms(40))
        _ = c.take(stream: 1, time: Self.ms(1959), duration: Self.ms(21))
        let video = c.take(stream: 0, time: Self.ms(100_000), duration: Self.ms(40))
        let sound = c.take(stream: 1, time: Self.ms(100_000), duration: Self.ms(21))
        #expect(video.jumpedAt == Self.ms(2000))
        #expect(sound.jumpedAt == Self.ms(1980), "each crosses where it was")
        #expect(sound.offset == video.offset, "the same move: what was together stays together")
    }

    @Test func aSeekStartsFromTheContainersTimesAgain() {
        var c = ClockContinuity()
        _ = c.take(stream: 0, time: Self.ms(1960), duration: Self.ms(40))
        _ = c.take(stream: 0, time: Self.ms(101_000), duration: Self.ms(40))
        c.reset()
        let r = c.take(stream: 0, time: Self.ms(500), duration: Self.ms(40))
        #expect(r.offset == .zero && r.jumpedAt == nil)
    }
}
