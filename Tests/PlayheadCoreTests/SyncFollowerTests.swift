import PlayheadCore
import Testing

/// A leader playing entry `entry` from item time 0 at group time 0, at rate 1, and a follower
/// whose clock runs `skew` fast: its player's item time moves at its rate on that clock.
struct FollowerBench {
    var follower = SyncFollower()
    let entries = ["/media/a.mp4", "/media/b.mp4"]
    var trueTime: Int64 = 10_000_000_000
    var skew = 0.0
    /// The follower's item time and rate, and where its own clock is.
    var mine: Int64
    var rate = PlaybackRate.normal
    var entry: Int? = 0
    var corrections: [SyncCorrection] = []
    /// Where a jump lands (at its instant) and how early the seek is done.
    var pendingJump: (itemTime: Int64, at: Int64)?
    /// How far behind a jump lands (a sound device's latency).
    var jumpLag: Int64 = 0

    init(behind: Int64 = 0) { mine = trueTime - behind }

    var localNow: Int64 { trueTime + Int64(Double(trueTime) * skew) + 5_000_000_000 }
    var toLocal: Int64 { localNow - trueTime }

    func timeline() -> SyncTimeline {
        SyncTimeline(entry: 0, entries: 2, name: "a.mp4", itemTime: trueTime, groupTime: trueTime, rate: .normal, clock: .leader)
    }

    /// `seconds` of play in steps of 100 ms, the follower judging at each.
    mutating func run(seconds: Double) {
        for _ in 0..<Int(seconds * 10) {
            let step: Int64 = 100_000_000
            trueTime += step
            mine += Int64(Double(step) * (1 + skew) * rate.doubleValue)
            if let j = pendingJump, localNow >= j.at {
                mine = j.itemTime + (localNow - j.at) - jumpLag
                pendingJump = nil
            }
            let local = SyncFollower.Local(entry: entry, name: entry.map { entries[$0] }, itemTime: pendingJump == nil ? mine : nil,
                                           host: localNow, rate: rate)
            guard let c = follower.step(timeline(), heardAt: localNow - 20_000_000, toLocal: toLocal, local: local,
                                        entries: entries, now: localNow) else { continue }
            corrections.append(c)
            switch c {
            case .rate(let r): rate = r
            case .jump(let e, let t, let at, let r):
                entry = e
                rate = r
                pendingJump = (t, at)
            default: break
            }
        }
    }

    var error: Int64 { mine - trueTime }
}

@Suite struct SyncFollowerTests {
    @Test func aSmallErrorIsNudgedAwayWithoutAJump() {
        var bench = FollowerBench(behind: 30_000_000)
        bench.run(seconds: 0.1)
        #expect(bench.corrections == [.rate(PlaybackRate(numerator: 1010, denominator: 1000))], "behind: faster, capped at 1%")
        bench.run(seconds: 6)
        #expect(abs(bench.error) <= 2_000_000, "error \(bench.error) ns")
        #expect(bench.rate == .normal, "back at the leader's rate once in step")
        #expect(bench.follower.jumps == 0)
    }

    @Test func aLargeErrorOrAJoinJumpsToWhereTheLeaderWillBe() {
        var bench = FollowerBench(behind: 400_000_000)
        bench.run(seconds: 0.1)
        guard case .jump(0, let itemTime, let at, .normal)? = bench.corrections.first else { return #expect(Bool(false)) }
        #expect(at == bench.localNow + SyncFollower.joinLead)
        #expect(itemTime == bench.trueTime + SyncFollower.joinLead)
        bench.run(seconds: 3)
        #expect(abs(bench.error) <= 1_000_000)
        #expect(bench.follower.jumps == 1)

        var joining = FollowerBench()
        joining.entry = nil  // still opening its first item
        joining.run(seconds: 0.1)
        #expect(joining.follower.jumps == 1)
    }

    @Test func aJumpThatLandsLateIsMadeAgainAimedEarlier() {
        var bench = FollowerBench(behind: 400_000_000)
        bench.jumpLag = 81_000_000
        bench.run(seconds: 3.5)
        #expect(bench.follower.jumps == 2, "the first lands 81 ms behind; the second aims 81 ms ahead")
        #expect(abs(bench.error) <= 1_000_000, "error \(bench.error) ns")
        #expect(bench.follower.jumpBias == -81_000_000)
        bench.run(seconds: 5)
        #expect(bench.follower.jumps == 2)
        #expect(bench.follower.nudges == 0)
    }

    /// A jump aimed a second ahead would land past the end of the leader's short entry (a 3 s
    /// clip, 2.5 s in): the follower waits for the leader's next entry and joins it there.
    @Test func aJumpIsNotAimedPastTheEndOfTheLeadersEntry() {
        var f = SyncFollower()
        let entries = ["a.mp4", "b.mp4"]
        let local = SyncFollower.Local(entry: 0, name: "a.mp4", itemTime: 2_000_000_000, host: 0, rate: .normal)
        var t = SyncTimeline(entry: 0, entries: 2, name: "a.mp4", itemTime: 2_500_000_000, groupTime: 0, rate: .normal,
                             clock: .leader, duration: 3_000_000_000)
        #expect(f.step(t, heardAt: 0, toLocal: 0, local: local, entries: entries, now: 0) == nil)
        t = SyncTimeline(entry: 1, entries: 2, name: "b.mp4", itemTime: 100_000_000, groupTime: 600_000_000, rate: .normal,
                         clock: .leader, duration: 3_000_000_000)
        let later = SyncFollower.Local(entry: nil, name: nil, itemTime: nil, host: 600_000_000, rate: .normal)
        #expect(f.step(t, heardAt: 600_000_000, toLocal: 0, local: later, entries: entries, now: 600_000_000)
                == .jump(entry: 1, itemTime: 1_100_000_000, atHost: 1_600_000_000, rate: .normal))
    }

    /// A follower started late (on its first entry, 0.5 s in, the leader 5.5 s into that 6 s
    /// entry) owes a jump it cannot aim there; the leader seen in its next entry is no boundary
    /// the two cross together, so the jump comes at once, not after the boundary's grace.
    @Test func aJumpOwedForTheLeadersNextEntryComesAtOnce() {
        var f = SyncFollower()
        let entries = ["a.mp4", "b.mp4"]
        var t = SyncTimeline(entry: 0, entries: 2, name: "a.mp4", itemTime: 5_500_000_000, groupTime: 0, rate: .normal,
                             clock: .leader, duration: 6_000_000_000)
        let early = SyncFollower.Local(entry: 0, name: "a.mp4", itemTime: 500_000_000, host: 0, rate: .normal)
        #expect(f.step(t, heardAt: 0, toLocal: 0, local: early, entries: entries, now: 0) == nil)
        t = SyncTimeline(entry: 1, entries: 2, name: "b.mp4", itemTime: 0, groupTime: 600_000_000, rate: .normal,
                         clock: .leader, duration: 3_000_000_000)
        let still = SyncFollower.Local(entry: 0, name: "a.mp4", itemTime: 1_100_000_000, host: 600_000_000, rate: .normal)
        #expect(f.step(t, heardAt: 600_000_000, toLocal: 0, local: still, entries: entries, now: 600_000_000)
                == .jump(entry: 1, itemTime: 1_000_000_000, atHost: 1_600_000_000, rate: .normal))
    }

    @Test func anItemBoundaryIsGivenItsGrace() {
        var bench = FollowerBench()
        bench.entry = 1  // the follower changed items a moment before the leader
        bench.run(seconds: 0.9)
        #expect(bench.corrections.isEmpty)
        bench.run(seconds: 0.2)
        guard case .jump(0, _, _, _)? = bench.corrections.first else { return #expect(Bool(false)) }
    }

    @Test func driftOf100ppmStaysWithinAFrameForHalfAnHour() {
        var bench = FollowerBench()
        bench.skew = 100e-6
        var worst: Int64 = 0
        for _ in 0..<1800 {
            bench.run(seconds: 1)
            worst = max(worst, abs(bench.error))
        }
        #expect(worst <= SyncFollower.deadBand + 200_000, "worst \(worst) ns")
        #expect(bench.follower.jumps == 0)
        #expect(bench.follower.nudges > 0, "uncorrected, 100 ppm is 180 ms in half an hour")
    }

    @Test func aMissingClipIsSaidOnceAndAPausedLeaderIsFollowed() {
        var f = SyncFollower()
        let local = SyncFollower.Local(entry: 0, name: "a.mp4", itemTime: 0, host: 0, rate: .normal)
        var t = SyncTimeline(entry: 1, entries: 2, name: "other.mp4", itemTime: 0, groupTime: 0, rate: .normal, clock: .leader)
        #expect(f.step(t, heardAt: 0, toLocal: 0, local: local, entries: ["a.mp4", "b.mp4"], now: 0) == .missing(entry: 1, name: "other.mp4"))
        #expect(f.step(t, heardAt: 1, toLocal: 0, local: local, entries: ["a.mp4", "b.mp4"], now: 1) == nil)
        t.entry = 5
        t.entries = 6
        #expect(f.step(t, heardAt: 2, toLocal: 0, local: local, entries: ["a.mp4", "b.mp4"], now: 2) == .missing(entry: 5, name: "other.mp4"))
        t = SyncTimeline(entry: 1, entries: 2, name: "b.mp4", itemTime: 7_000_000_000, groupTime: 0, rate: .paused, clock: .leader)
        #expect(f.step(t, heardAt: 3, toLocal: 0, local: local, entries: ["a.mp4", "b.mp4"], now: 3) == .pause(entry: 1, itemTime: 7_000_000_000))
    }

    @Test func aStaleTimelineOrNoClockIsNotActedOn() {
        var f = SyncFollower()
        let local = SyncFollower.Local(entry: 0, name: "a.mp4", itemTime: 0, host: 0, rate: .normal)
        let t = SyncTimeline(entry: 0, entries: 1, name: "a.mp4", itemTime: 5_000_000_000, groupTime: 0, rate: .normal, clock: .leader)
        #expect(f.step(t, heardAt: 0, toLocal: 0, local: local, entries: ["a.mp4"], now: SyncFollower.staleAfter) == nil)
        #expect(f.step(t, heardAt: 0, toLocal: nil, local: local, entries: ["a.mp4"], now: 0) == nil)
        #expect(f.step(t, heardAt: 0, toLocal: 0, local: local, entries: ["a.mp4"], now: 0) != nil)
    }
}
