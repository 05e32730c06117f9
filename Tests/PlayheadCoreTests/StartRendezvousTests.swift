import Testing
@testable import PlayheadCore

@Suite struct StartRendezvousTests {
    private func at(_ ms: Int64) -> HostTime { HostTime(nanoseconds: ms * 1_000_000) }
    private let limit = StartRendezvous.waitLimitNanoseconds / 1_000_000

    @Test func theFirstReadyWaitsAndTheLastReadyStartsAndWakesTheOthers() {
        var r = StartRendezvous(members: 3)
        #expect(r.arrive(0, now: at(10)) == (.wait(until: at(10 + limit)), []))
        // Asking again while waiting keeps the time it came.
        #expect(r.arrive(0, now: at(15)) == (.wait(until: at(10 + limit)), []))
        #expect(r.arrive(2, now: at(20)) == (.wait(until: at(20 + limit)), []))
        #expect(r.arrive(1, now: at(30)) == (.start(alone: false, at: at(30)), [0, 2]))
        // The woken ones start when they look again, their clocks from the instant the last came.
        #expect(r.arrive(2, now: at(31)) == (.start(alone: false, at: at(30)), []))
        #expect(r.arrive(0, now: at(45)) == (.start(alone: false, at: at(30)), []))
        #expect(r.together == 1)
        #expect(r.waiting.isEmpty && r.released.isEmpty)
    }

    @Test func theNextStartWaitsForEveryoneAgain() {
        var r = StartRendezvous(members: 2)
        _ = r.arrive(0, now: at(0))
        _ = r.arrive(1, now: at(1))
        _ = r.arrive(0, now: at(2))
        // The next item: the first one ready waits again.
        #expect(r.arrive(1, now: at(5000)) == (.wait(until: at(5000 + limit)), []))
        #expect(r.arrive(0, now: at(5040)) == (.start(alone: false, at: at(5040)), [1]))
        #expect(r.together == 2)
    }

    @Test func aMemberThatWaitsPastTheLimitStartsAlone() {
        var r = StartRendezvous(members: 2)
        _ = r.arrive(1, now: at(100))
        #expect(r.arrive(1, now: at(100 + limit - 1)) == (.wait(until: at(100 + limit)), []))
        #expect(r.arrive(1, now: at(100 + limit)) == (.start(alone: true, at: at(100 + limit)), []))
        #expect(r.waiting.isEmpty)
        #expect(r.together == 0)
    }

    @Test func aMemberThatLeavesIsNotCountedReady() {
        var r = StartRendezvous(members: 2)
        _ = r.arrive(0, now: at(0))
        r.leave(0)
        #expect(r.arrive(1, now: at(10)) == (.wait(until: at(10 + limit)), []))
        #expect(r.arrive(0, now: at(20)) == (.start(alone: false, at: at(20)), [1]))
    }
}
