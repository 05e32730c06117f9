/// Who leads the group. Every member says hello four times a second; a member not heard for
/// `timeout` is gone. A configured leader leads at once; an `auto` member takes the lead when
/// no one has led for `timeout` and it has the lowest id among the `auto` members it hears, so
/// a new leader is chosen within `timeout` plus one hello after the old one goes (under 2 s).
/// Two members that both lead (a split network healed) settle it: a configured leader beats an
/// `auto` one, then the lower id wins, and the other follows.
public struct SyncElection: Sendable {
    struct Peer: Sendable {
        var role: SyncRole
        var leading: Bool
        var heard: Int64
    }

    public enum Change: Sendable, Equatable {
        case leads
        case follows(UInt64)
        /// No leader heard (yet, or any more).
        case leaderless
    }

    public static let helloInterval: Int64 = 250_000_000
    /// Six hellos missed: a busy board's sync thread may be late by a second (seen under
    /// emulation), and a new leader is still chosen within 2 s.
    public static let timeout: Int64 = 1_500_000_000

    public let me: UInt64
    public let role: SyncRole
    private var peers: [UInt64: Peer] = [:]
    public private(set) var leading = false
    public private(set) var leader: UInt64?
    /// When someone last led, as far as this member knows (it counts itself); nil until its
    /// first tick, so a member listens a whole `timeout` before it may lead, however long
    /// after its making it starts (a slow board's player opens its outputs first).
    private var ledAt: Int64?

    public init(me: UInt64, role: SyncRole) {
        self.me = me
        self.role = role
    }

    public var members: Int { peers.count + 1 }

    public mutating func heard(_ id: UInt64, role: SyncRole, leading: Bool, at now: Int64) {
        guard id != me else { return }
        peers[id] = Peer(role: role, leading: leading, heard: now)
        if leading { ledAt = now }
    }

    /// Forgets the silent, decides, and says what changed (nil: nothing).
    public mutating func tick(now: Int64) -> Change? {
        let ledAt = self.ledAt ?? now
        peers = peers.filter { now - $0.value.heard < Self.timeout }
        let before = (leading, leader)
        let claims = peers.filter { $0.value.leading }.map { (id: $0.key, role: $0.value.role) }
        if leading {
            // Of two that lead, the better one goes on.
            if claims.contains(where: { Self.outranks($0, (me, role)) }) { leading = false }
        } else if role == .leader {
            leading = !claims.contains { Self.outranks($0, (me, role)) }
        } else if role == .auto, claims.isEmpty, now - ledAt >= Self.timeout,
                  !peers.contains(where: { $0.value.role == .auto && $0.key < me }) {
            leading = true
        }
        self.ledAt = leading ? now : ledAt
        if leading {
            leader = me
        } else {
            leader = claims.min { Self.outranks($0, $1) }?.id
        }
        guard (leading, leader) != before else { return nil }
        if leading { return .leads }
        return leader.map { .follows($0) } ?? .leaderless
    }

    private static func outranks(_ a: (id: UInt64, role: SyncRole), _ b: (id: UInt64, role: SyncRole)) -> Bool {
        if (a.role == .leader) != (b.role == .leader) { return a.role == .leader }
        return a.id < b.id
    }
}
