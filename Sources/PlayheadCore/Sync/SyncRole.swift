/// A player's part in a sync group (`--sync-role`).
public enum SyncRole: String, Sendable, Hashable, CaseIterable {
    /// Always leads; of two configured leaders, the lower id leads and the other follows.
    case leader
    /// Never leads.
    case follower
    /// Leads only when no one else does: the group elects one, and a new one when it goes.
    case auto

    var wireValue: UInt8 {
        switch self {
        case .follower: 0
        case .leader: 1
        case .auto: 2
        }
    }

    init?(wireValue: UInt8) {
        switch wireValue {
        case 0: self = .follower
        case 1: self = .leader
        case 2: self = .auto
        default: return nil
        }
    }
}
