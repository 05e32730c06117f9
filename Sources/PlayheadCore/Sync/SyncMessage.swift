/// One datagram of the sync channel, before it is sealed with the group's key.
public struct SyncMessage: Sendable, Hashable {
    public enum Body: Sendable, Hashable {
        /// Every quarter second from every member: who it is and whether it leads.
        case hello(role: SyncRole, leading: Bool)
        /// From the leader, ten times a second and at once on a change.
        case timeline(SyncTimeline)
        /// A follower asks the leader for its clock; `sent` on the follower's clock.
        case ping(to: UInt64, sent: Int64)
        /// The leader's answer: the ping's `sent`, and when it came and left on the group's clock.
        case pong(to: UInt64, sent: Int64, received: Int64, answered: Int64)
    }

    /// Random per process start: a restarted player is a new member, whose sequence starts anew.
    public var sender: UInt64
    public var sequence: UInt32
    public var group: String
    public var body: Body

    public init(sender: UInt64, sequence: UInt32, group: String, body: Body) {
        self.sender = sender
        self.sequence = sequence
        self.group = group
        self.body = body
    }

    public static let maxGroupBytes = 64
    public static let maxNameBytes = 200
}
