/// Which clock a leader's timeline is stamped on.
public enum SyncClockKind: String, Sendable, Hashable {
    /// CLOCK_REALTIME, kept in step across the group by a time service (chrony, linuxptp): the
    /// leader's system clock says it is synchronised.
    case system
    /// The leader's own CLOCK_MONOTONIC, which each follower estimates from ping and pong over
    /// the sync channel (NTP's four timestamps, the round trip with the least delay kept).
    case leader

    var wireValue: UInt8 { self == .system ? 1 : 0 }

    init?(wireValue: UInt8) {
        switch wireValue {
        case 0: self = .leader
        case 1: self = .system
        default: return nil
        }
    }
}
