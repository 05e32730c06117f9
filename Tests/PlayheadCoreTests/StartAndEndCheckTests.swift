import Testing
import PlayheadCore

/// When an item's clock starts, and when an item is over.
@Suite struct StartAndEndCheckTests {
    func s(_ n: Int64, _ scale: Int32 = 1) -> MediaTime { MediaTime(value: n, timescale: scale) }
    func at(_ ms: Int64) -> HostTime { HostTime(nanoseconds: ms * 1_000_000) }

    @Test func theClockStartsWithAPictureAndSoundInHand() {
        let now = at(0)
        #expect(StartCheck.decide(.init(videoReady: true, audioReady: false, awaitsDisplay: false), firstPictureSince: nil, now: now)
            == .wait(firstPictureSince: nil))
        #expect(StartCheck.decide(.init(videoReady: false, audioReady: true, awaitsDisplay: false), firstPictureSince: nil, now: now)
            == .wait(firstPictureSince: nil))
        #expect(StartCheck.decide(.init(videoReady: true, audioReady: true, awaitsDisplay: false), firstPictureSince: nil, now: now) == .start)
    }

    @Test func aConfirmingDisplayHoldsTheStartForAtMostASecond() {
        let facts = StartCheck.Facts(videoReady: true, audioReady: true, awaitsDisplay: true)
        #expect(StartCheck.decide(facts, firstPictureSince: nil, now: at(100)) == .wait(firstPictureSince: at(100)))
        #expect(StartCheck.decide(facts, firstPictureSince: at(100), now: at(1099)) == .wait(firstPictureSince: at(100)))
        #expect(StartCheck.decide(facts, firstPictureSince: at(100), now: at(1100)) == .start)
    }

    func alone(at timeline: MediaTime, phase: SegmentPhase = .showing, fullyRead: Bool = true, videoQueued: Bool = false,
               audioOutstanding: Bool = false) -> EndCheck.Facts {
        EndCheck.Facts(timeline: timeline, offset: s(10), reverse: false, phase: phase, nextOffset: nil, fullyRead: fullyRead,
                       end: s(2), videoReadToEnd: fullyRead, videoQueued: videoQueued, audioOutstanding: audioOutstanding)
    }

    @Test func anItemAloneEndsAtItsEndOnceAllOfItWasHandedOut() {
        #expect(EndCheck.decide(alone(at: s(11))) == .none)
        #expect(EndCheck.decide(alone(at: s(12))) == .ended)
        #expect(EndCheck.decide(alone(at: s(13), fullyRead: false)) == .none)
        #expect(EndCheck.decide(alone(at: s(13), videoQueued: true)) == .none)
        // The clock past the end with sound still waiting for a starved device: not yet.
        #expect(EndCheck.decide(alone(at: s(13), audioOutstanding: true)) == .none)
        // Announced once.
        #expect(EndCheck.decide(alone(at: s(13), phase: .ended)) == .none)
    }

    @Test func theNextItemTakesOverAtItsPlaceOnTheTimeline() {
        var f = alone(at: s(23, 2))
        f.nextOffset = s(12)
        #expect(EndCheck.decide(f) == .none)
        f.timeline = s(12)
        #expect(EndCheck.decide(f) == .joinNext)
        // An item that stayed at its end is followed once advancing is asked for.
        f.phase = .ended
        #expect(EndCheck.decide(f) == .joinNext)
    }

    @Test func playedInReverseAnItemStopsAtItsFirstPicture() {
        var f = alone(at: s(10))
        f.reverse = true
        f.videoQueued = true
        #expect(EndCheck.decide(f) == .none)
        f.videoQueued = false
        #expect(EndCheck.decide(f) == .reachedStart)
        f.phase = .ended
        #expect(EndCheck.decide(f) == .none)
    }
}
