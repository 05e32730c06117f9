import PlayheadCore

/// A failed item waiting for its next try: when, and where it starts again (nil: from the
/// start, or at the live edge). `moveOn`: the queue waits and then goes on instead.
struct PendingRestart {
    let item: PlayerItem
    let due: HostTime
    let position: MediaTime?
    let moveOn: Bool
}
