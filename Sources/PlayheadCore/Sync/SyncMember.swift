/// One member of a sync group: the election, the group's clock and, when it follows, the
/// corrections. Datagrams and looks in, datagrams, corrections and lines out; the thread that
/// owns the socket carries them out. Times are this member's monotonic nanoseconds.
public struct SyncMember: Sendable {
    public enum ClockChoice: String, Sendable { case auto, system, leader }

    public enum Action: Sendable, Equatable {
        case send(SyncMessage.Body)
        case correct(SyncCorrection)
        case log(String)
    }

    public static let timelineInterval: Int64 = 100_000_000
    public static let pingInterval: Int64 = 500_000_000
    public static let lookInterval: Int64 = 100_000_000

    public let group: String
    public let choice: ClockChoice
    public private(set) var election: SyncElection
    public private(set) var follower = SyncFollower()
    public private(set) var estimator = ClockOffsetEstimator()
    /// The leader's last timeline, when it came, and its number (a later-sent one may come
    /// first: one sent before it, coming late, is not taken over it).
    public private(set) var timeline: (value: SyncTimeline, heard: Int64, sequence: UInt32)?
    /// The clock the group's times are turned into this member's by, in words (for status).
    public private(set) var clockInUse = "none yet"
    /// The two clocks' disagreement when both can be had: the leader's clock as estimated over
    /// the channel minus as the system clock has it (nanoseconds).
    public private(set) var estimateAgainstSystem: Int64?
    private var nextHello: Int64 = .min
    private var nextTimeline: Int64 = .min
    private var nextPing: Int64 = .min
    private var nextLook: Int64 = .min
    private var lastEntry: Int?
    private var lastLeader: UInt64?
    private var saidUnsynchronised = false

    public init(me: UInt64, group: String, role: SyncRole, choice: ClockChoice) {
        self.group = group
        self.choice = choice
        election = SyncElection(me: me, role: role)
    }

    /// The clock this member stamps on when it leads.
    func leaderClock(_ clocks: SyncClocks) -> SyncClockKind {
        switch choice {
        case .system: .system
        case .leader: .leader
        case .auto: clocks.realtimeSynchronised ? .system : .leader
        }
    }

    public mutating func received(_ message: SyncMessage, clocks: SyncClocks) -> [Action] {
        let now = clocks.monotonic
        switch message.body {
        case .hello(let role, let leading):
            election.heard(message.sender, role: role, leading: leading, at: now)
        case .timeline(let t):
            guard message.sender == election.leader, !election.leading else { return [] }
            if let old = timeline, old.sequence > message.sequence { return [] }
            if let old = timeline?.value, old.clock != t.clock { estimator.reset() }
            timeline = (t, now, message.sequence)
        case .ping(let to, let sent):
            guard to == election.me, election.leading else { return [] }
            let stamp = clocks.now(leaderClock(clocks))
            return [.send(.pong(to: message.sender, sent: sent, received: stamp, answered: stamp))]
        case .pong(let to, let sent, let received, let answered):
            guard to == election.me, message.sender == election.leader else { return [] }
            estimator.add(t1: sent, t2: received, t3: answered, t4: now)
        }
        return []
    }

    /// Time passed; `look` is this member's player now (nil when it cannot be looked at).
    public mutating func tick(clocks: SyncClocks, look: SyncLook?) -> [Action] {
        let now = clocks.monotonic
        var actions: [Action] = []
        if now >= nextHello {
            nextHello = now + SyncElection.helloInterval
            actions.append(.send(.hello(role: election.role, leading: election.leading)))
        }
        if let change = election.tick(now: now) {
            // The same leader heard again after a gap keeps what was learnt of it (its clock,
            // what jumps land off by); another leader is another clock.
            if case .follows(let id) = change, id == lastLeader {
            } else if case .leaderless = change {
            } else {
                estimator.reset()
                timeline = nil
                follower = SyncFollower()
            }
            if case .follows(let id) = change { lastLeader = id }
            if case .leads = change { lastLeader = election.me }
            switch change {
            case .leads: actions.append(.log("sync \(group): this player leads"))
            case .follows(let id): actions.append(.log("sync \(group): following \(Self.name(id))"))
            case .leaderless: actions.append(.log("sync \(group): no leader heard; playing on alone"))
            }
        }
        if election.leading {
            if let look, let t = stamp(look, clocks), now >= nextTimeline || t.entry != lastEntry {
                nextTimeline = now + Self.timelineInterval
                lastEntry = t.entry
                actions.append(.send(.timeline(t)))
            }
            if choice == .system && !clocks.realtimeSynchronised && !saidUnsynchronised {
                saidUnsynchronised = true
                actions.append(.log("sync \(group): sync-clock is system, but no time service keeps this board's clock synchronised"))
            }
            clockInUse = leaderClock(clocks) == .system ? "system (this leader's, synchronised)" : "this leader's monotonic clock"
            return actions
        }
        guard let leader = election.leader else { return actions }
        if now >= nextPing {
            nextPing = now + Self.pingInterval
            actions.append(.send(.ping(to: leader, sent: now)))
        }
        guard now >= nextLook, let look, let last = timeline else { return actions }
        nextLook = now + Self.lookInterval
        let toLocal = self.toLocal(last.value.clock, clocks)
        if let c = follower.step(last.value, heardAt: last.heard, toLocal: toLocal, local: look.local, entries: look.entries, now: now) {
            actions.append(.correct(c))
        }
        return actions
    }

    /// This member's monotonic time minus the group's: from the synchronised system clock
    /// when the leader stamps on it and this board's is synchronised too, else estimated.
    mutating func toLocal(_ kind: SyncClockKind, _ clocks: SyncClocks) -> Int64? {
        let estimate = estimator.estimate(now: clocks.monotonic)
        if kind == .system, choice != .leader, clocks.realtimeSynchronised {
            let system = clocks.monotonic - clocks.realtime
            estimateAgainstSystem = estimate.map { -$0.offset - system }
            clockInUse = "system (synchronised by this board's time service)"
            return system
        }
        estimateAgainstSystem = nil
        guard let estimate else {
            clockInUse = "leader's clock, no estimate yet"
            return nil
        }
        clockInUse = "leader's clock, estimated to within \(estimate.uncertainty / 1000) us"
        return -estimate.offset
    }

    /// The leader's timeline from its own player: nil while the player opens, seeks or waits.
    func stamp(_ look: SyncLook, _ clocks: SyncClocks) -> SyncTimeline? {
        guard let entry = look.local.entry, entry < look.entries.count, let itemTime = look.local.itemTime else { return nil }
        let kind = leaderClock(clocks)
        let name = look.entries[entry].split(separator: "/").last.map(String.init) ?? look.entries[entry]
        return SyncTimeline(entry: entry, entries: look.entries.count, name: name, itemTime: itemTime,
                            groupTime: look.local.host + (clocks.now(kind) - clocks.monotonic), rate: look.local.rate, clock: kind,
                            duration: look.local.duration)
    }

    public static func name(_ id: UInt64) -> String {
        let hex = String(id, radix: 16)
        return String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }
}
