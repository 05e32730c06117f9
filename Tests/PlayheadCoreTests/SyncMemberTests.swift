import PlayheadCore
import Testing

@Suite struct SyncMemberTests {
    static func clocks(_ t: Int64) -> SyncClocks { SyncClocks(monotonic: t, realtime: t, realtimeSynchronised: false) }
    static func from(_ sender: UInt64, _ sequence: UInt32, _ body: SyncMessage.Body) -> SyncMessage {
        SyncMessage(sender: sender, sequence: sequence, group: "g", body: body)
    }

    /// A busy board's leader silent for longer than the election's limit, then heard again:
    /// the follower keeps its estimate of that leader's clock (another leader would reset it).
    @Test func theSameLeaderHeardAgainKeepsWhatWasLearnt() {
        var m = SyncMember(me: 2, group: "g", role: .follower, choice: .leader)
        _ = m.received(Self.from(1, 1, .hello(role: .auto, leading: true)), clocks: Self.clocks(0))
        #expect(m.tick(clocks: Self.clocks(10), look: nil).contains(.log("sync g: following 0000000000000001")))
        _ = m.received(Self.from(1, 2, .pong(to: 2, sent: 10, received: 150, answered: 160)), clocks: Self.clocks(200))
        #expect(m.estimator.estimate(now: 200)?.offset == 50)
        let gone = SyncElection.timeout + 100
        #expect(m.tick(clocks: Self.clocks(gone), look: nil).contains(.log("sync g: no leader heard; playing on alone")))
        _ = m.received(Self.from(1, 3, .hello(role: .auto, leading: true)), clocks: Self.clocks(gone + 10))
        _ = m.tick(clocks: Self.clocks(gone + 20), look: nil)
        #expect(m.election.leader == 1)
        #expect(m.estimator.estimate(now: gone + 20)?.offset == 50)
        _ = m.received(Self.from(7, 1, .hello(role: .leader, leading: true)), clocks: Self.clocks(gone + 30))
        _ = m.tick(clocks: Self.clocks(gone + 40), look: nil)
        #expect(m.election.leader == 7)
        #expect(m.estimator.estimate(now: gone + 40) == nil, "another leader is another clock")
    }

    /// Over a network that jitters, the leader's timeline for its next entry may come before
    /// the last one for the entry it left: that one, late, is not taken over it.
    @Test func aTimelineComingLateDoesNotTakeANewerOnesPlace() {
        var m = SyncMember(me: 2, group: "g", role: .follower, choice: .leader)
        _ = m.received(Self.from(1, 1, .hello(role: .auto, leading: true)), clocks: Self.clocks(0))
        _ = m.tick(clocks: Self.clocks(10), look: nil)
        let at = { (entry: Int, time: Int64) in
            SyncTimeline(entry: entry, entries: 2, name: "e\(entry).mp4", itemTime: time, groupTime: 20, rate: .normal, clock: .leader)
        }
        _ = m.received(Self.from(1, 5, .timeline(at(1, 0))), clocks: Self.clocks(20))
        _ = m.received(Self.from(1, 4, .timeline(at(0, 5_990_000_000))), clocks: Self.clocks(21))
        #expect(m.timeline?.value.entry == 1)
        _ = m.received(Self.from(1, 6, .timeline(at(1, 100_000_000))), clocks: Self.clocks(22))
        #expect(m.timeline?.value.itemTime == 100_000_000)
    }
}
