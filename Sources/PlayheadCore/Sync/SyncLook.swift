/// What a sync group's member sees of its own player when it looks: its playlist's locations
/// and where the player is.
public struct SyncLook: Sendable, Equatable {
    public var entries: [String]
    public var local: SyncFollower.Local

    public init(entries: [String], local: SyncFollower.Local) {
        self.entries = entries
        self.local = local
    }
}
