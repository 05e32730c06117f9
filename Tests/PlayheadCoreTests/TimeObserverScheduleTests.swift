import Testing
@testable import PlayheadCore

/// Observers driven by hand-made media times: the "manual clock" of these tests.
@Suite struct TimeObserverScheduleTests {
    func t(_ ms: Int64) -> MediaTime { MediaTime(value: ms, timescale: 1000) }

    @Test func periodicFiresOnEachIntervalJumpStartAndStop() {
        var s = TimeObserverSchedule()
        let token = s.addPeriodic(interval: t(500))
        var fires = s.playbackChanged(playing: true, at: t(0))
        #expect(fires.map(\.reason) == [.started])
        s.returned(token)
        let r1 = s.advance(to: t(100))
        #expect(r1.isEmpty)
        #expect(s.nextDeadline(after: t(100), forward: true) == t(500))
        fires = s.advance(to: t(510))
        #expect(fires == [.init(token: token, time: t(510), reason: .periodic)])
        s.returned(token)
        let r2 = s.jumped(to: t(3000))
        #expect(r2.map(\.reason) == [.jump])
        s.returned(token)
        let r3 = s.playbackChanged(playing: false, at: t(3000))
        #expect(r3.map(\.reason) == [.stopped])
    }

    @Test func busyObserverIsNotCalledAgain() {
        var s = TimeObserverSchedule()
        let token = s.addPeriodic(interval: t(100))
        _ = s.advance(to: t(0))
        s.returned(token)
        let r4 = s.advance(to: t(150))
        #expect(r4.count == 1)
        // The callback has not returned: the next two intervals pass without a call.
        let r5 = s.advance(to: t(250))
        #expect(r5.isEmpty)
        let r6 = s.advance(to: t(350))
        #expect(r6.isEmpty)
        s.returned(token)
        let r7 = s.advance(to: t(450))
        #expect(r7.count == 1)
    }

    @Test func boundaryFiresWhenCrossedNotOnJumps() {
        var s = TimeObserverSchedule()
        let token = s.addBoundary(times: [t(1000), t(2000)])
        _ = s.advance(to: t(900))
        #expect(s.nextDeadline(after: t(900), forward: true) == t(1000))
        let r8 = s.advance(to: t(1000))
        #expect(r8 == [.init(token: token, time: t(1000), reason: .boundary)])
        s.returned(token)
        let r9 = s.advance(to: t(1500))
        #expect(r9.isEmpty)
        let r10 = s.jumped(to: t(2500))
        #expect(r10.isEmpty)
        let r11 = s.advance(to: t(2600))
        #expect(r11.isEmpty)
        s.remove(token)
        #expect(s.isEmpty)
    }
}
