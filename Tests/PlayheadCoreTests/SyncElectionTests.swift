import PlayheadCore
import Testing

/// Members stepped together on one virtual clock, each hearing the others' hellos.
struct ElectionRoom {
    var members: [SyncElection]
    var alive: [Bool]
    var now: Int64 = 0

    init(_ roles: [(UInt64, SyncRole)]) {
        members = roles.map { SyncElection(me: $0.0, role: $0.1) }
        alive = Array(repeating: true, count: roles.count)
    }

    /// Hellos exchanged every 250 ms for `seconds`.
    mutating func run(seconds: Double) {
        let end = now + Int64(seconds * 1e9)
        while now < end {
            now += SyncElection.helloInterval
            let hellos = members.indices.filter { alive[$0] }.map { (members[$0].me, members[$0].role, members[$0].leading) }
            for i in members.indices where alive[i] {
                for h in hellos { members[i].heard(h.0, role: h.1, leading: h.2, at: now) }
                _ = members[i].tick(now: now)
            }
        }
    }

    var leaders: [UInt64] { members.indices.filter { alive[$0] && members[$0].leading }.map { members[$0].me } }
}

@Suite struct SyncElectionTests {
    @Test func autoMembersElectTheLowestIdAndAllFollowIt() {
        var room = ElectionRoom([(30, .auto), (10, .auto), (20, .auto)])
        room.run(seconds: 1.25)
        #expect(room.leaders.isEmpty, "no one leads before a leader could have been heard")
        room.run(seconds: 1)
        #expect(room.leaders == [10])
        #expect(room.members.allSatisfy { $0.leader == 10 })
    }

    @Test func aNewLeaderWithinTwoSecondsOfTheOldOnesGoing() {
        var room = ElectionRoom([(30, .auto), (10, .auto), (20, .auto)])
        room.run(seconds: 3)
        room.alive[1] = false
        var took = 0.0
        while room.leaders != [20], took < 5 {
            room.run(seconds: 0.25)
            took += 0.25
        }
        #expect(room.leaders == [20])
        #expect(took <= 2, "took \(took) s")
        room.run(seconds: 0.5)  // its hello reaches the others
        #expect(room.members[0].leader == 20)
    }

    @Test func aConfiguredLeaderTakesOverAndFollowersNeverLead() {
        var room = ElectionRoom([(10, .auto), (50, .follower)])
        room.run(seconds: 3)
        #expect(room.leaders == [10])
        room.members.append(SyncElection(me: 90, role: .leader))
        room.alive.append(true)
        room.run(seconds: 1)
        #expect(room.leaders == [90])
        room.alive[2] = false
        room.run(seconds: 2.5)
        #expect(room.leaders == [10])
        var alone = ElectionRoom([(50, .follower)])
        alone.run(seconds: 5)
        #expect(alone.leaders.isEmpty)
        #expect(alone.members[0].leader == nil)
    }

    /// A slow board's player makes its member long before it starts listening: it still
    /// listens a whole second for a leader before it claims the lead (it had taken it from the
    /// leader already there, whose id was higher).
    @Test func aMemberThatStartsLateListensBeforeItLeads() {
        var late = SyncElection(me: 1, role: .auto)
        #expect(late.tick(now: 5_000_000_000) == nil)
        late.heard(9, role: .auto, leading: true, at: 5_200_000_000)
        #expect(late.tick(now: 5_250_000_000) == .follows(9))
        #expect(!late.leading)
    }

    @Test func twoConfiguredLeadersSettleOnTheLowerId() {
        var room = ElectionRoom([(70, .leader), (60, .leader), (80, .auto)])
        room.run(seconds: 2)
        #expect(room.leaders == [60])
        #expect(room.members.allSatisfy { $0.leader == 60 })
    }

    @Test func aHealedSplitKeepsOneLeader() {
        // Two halves each elect one; joined again, the lower id goes on.
        var a = ElectionRoom([(10, .auto), (30, .auto)])
        a.run(seconds: 2)
        var b = ElectionRoom([(20, .auto), (40, .auto)])
        b.run(seconds: 2)
        var room = ElectionRoom([])
        room.members = a.members + b.members
        room.alive = [true, true, true, true]
        room.now = 2_000_000_000
        room.run(seconds: 1)
        #expect(room.leaders == [10])
    }

    @Test func changesAreSaidOnce() {
        let limit = SyncElection.timeout
        var e = SyncElection(me: 5, role: .auto)
        #expect(e.tick(now: 0) == nil)
        #expect(e.tick(now: limit - 1) == nil)
        #expect(e.tick(now: limit) == .leads)
        #expect(e.tick(now: limit + 250_000_000) == nil)
        e.heard(1, role: .leader, leading: true, at: limit + 300_000_000)
        #expect(e.tick(now: limit + 400_000_000) == .follows(1))
        #expect(e.tick(now: 2 * limit + 400_000_000) == .leads, "the leader went: this auto member is the only one left")
        var f = SyncElection(me: 5, role: .follower)
        f.heard(1, role: .auto, leading: true, at: 100)
        #expect(f.tick(now: 200) == .follows(1))
        #expect(f.tick(now: limit + 200) == .leaderless)
        #expect(f.tick(now: limit + 300_000_000) == nil)
    }
}
