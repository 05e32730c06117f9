import Testing
import PlayheadCore

/// How the next item is made ready to follow the current one.
@Suite struct NextItemPlanTests {
    func s(_ n: Int64, _ scale: Int32 = 1) -> MediaTime { MediaTime(value: n, timescale: scale) }

    /// A ten-second item playing alone, at `t` seconds, with another after it.
    func facts(t: MediaTime, follower: NextItemPlan.Follower = .another, queuedBehind: Bool = false,
               queuedBehindIsNext: Bool = false, decodingAhead: Bool = false, decodingAheadIsNext: Bool = false,
               mayFollow: Bool = true, fullyRead: Bool = false, duration: MediaTime? = nil, nextOpened: Bool = false)
        -> NextItemPlan.Facts {
        NextItemPlan.Facts(follower: follower, queuedBehind: queuedBehind, queuedBehindIsNext: queuedBehindIsNext,
                           decodingAhead: decodingAhead, decodingAheadIsNext: decodingAheadIsNext, mayFollow: mayFollow,
                           fullyRead: fullyRead, itemTime: t, duration: duration ?? s(10), nextOpened: nextOpened)
    }

    @Test func theNextItemIsOpenedWhileThisOnePlays() {
        #expect(NextItemPlan.decide(facts(t: s(1))) == [.open])
        // Opened, but far from the end: it waits, undecoded.
        #expect(NextItemPlan.decide(facts(t: s(1), nextOpened: true)) == [.open])
    }

    @Test func itDecodesAheadFromTheLastSecondAndAHalf() {
        #expect(NextItemPlan.decide(facts(t: MediaTime(value: 849, timescale: 100), nextOpened: true)) == [.open])
        #expect(NextItemPlan.decide(facts(t: MediaTime(value: 85, timescale: 10), nextOpened: true)) == [.open, .decodeAhead])
        // Half of a shorter item.
        #expect(NextItemPlan.decide(facts(t: MediaTime(value: 4, timescale: 10), duration: s(1), nextOpened: true)) == [.open])
        #expect(NextItemPlan.decide(facts(t: MediaTime(value: 5, timescale: 10), duration: s(1), nextOpened: true))
            == [.open, .decodeAhead])
        // A live stream (no duration) is not decoded ahead before it has been read to its end.
        #expect(NextItemPlan.decide(facts(t: s(100), duration: .indefinite, nextOpened: true)) == [.open])
        #expect(NextItemPlan.decide(facts(t: s(100), fullyRead: true, duration: .indefinite, nextOpened: true))
            == [.open, .decodeAhead, .queueBehind])
    }

    @Test func itIsQueuedBehindOnceThisOneWasReadToItsEnd() {
        #expect(NextItemPlan.decide(facts(t: s(9), decodingAhead: true, decodingAheadIsNext: true)) == [])
        #expect(NextItemPlan.decide(facts(t: s(9), decodingAhead: true, decodingAheadIsNext: true, fullyRead: true)) == [.queueBehind])
        // Once queued, nothing more to do.
        #expect(NextItemPlan.decide(facts(t: s(9), queuedBehind: true, queuedBehindIsNext: true, fullyRead: true)) == [])
    }

    @Test func anItemLoopedAloneIsReadAgainByItsSourceOnceReadToItsEnd() {
        #expect(NextItemPlan.decide(facts(t: s(9), follower: .itself)) == [])
        #expect(NextItemPlan.decide(facts(t: s(9), follower: .itself, fullyRead: true)) == [.readAgain])
        #expect(NextItemPlan.decide(facts(t: s(9), follower: .itself, queuedBehind: true, queuedBehindIsNext: true,
                                          fullyRead: true)) == [])
    }

    @Test func whatNoLongerFollowsIsDropped() {
        // An item put right after this one: the queued pass and what decodes ahead go.
        #expect(NextItemPlan.decide(facts(t: s(9), queuedBehind: true, queuedBehindIsNext: false, decodingAhead: true,
                                          fullyRead: true, nextOpened: true)) == [.dropQueuedBehind, .open, .decodeAhead, .queueBehind])
        #expect(NextItemPlan.decide(facts(t: s(1), decodingAhead: true, decodingAheadIsNext: false)) == [.dropDecodingAhead, .open])
        // The next one taken out: nothing follows, and nothing is prepared.
        #expect(NextItemPlan.decide(facts(t: s(9), follower: .none, decodingAhead: true)) == [.dropDecodingAhead])
    }

    @Test func nothingIsPreparedInReverseAtAStopOrWhileASeekLands() {
        #expect(NextItemPlan.decide(facts(t: s(9), mayFollow: false, fullyRead: true, nextOpened: true)) == [])
        #expect(NextItemPlan.decide(facts(t: s(9), follower: .itself, mayFollow: false, fullyRead: true)) == [])
    }
}
