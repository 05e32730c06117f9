import PlayheadCore

/// A failed item waiting for its next try: when, and where it starts again (nil: from the
/// start, or at the live edge). `moveOn`: the queue waits and then goes on instead.
struct PendingRestart {
    let item: PlayerItem
    let due: HostTime
    let position: MediaTime?
    let moveOn: Bool
    /// It was playing away from its start and comes back at the start or the live edge: its
    /// time jumps, and is announced when it starts (a try from `position` lands by a seek, which
    /// announces its own).
    var jumps = false
}
