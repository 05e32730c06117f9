/// A device starts by itself only once its written frames reach its start threshold (half its
/// buffer here). A sound shorter than that, or the tail of one with nothing written after, is
/// held in it unplayed: the played position the engine waits on never moves and the item never
/// ends. Watched while the sink's queue is dry, a delay that has not gone down for `patience`
/// (in the sink clock's nanoseconds) is a device to start.
struct HeldBackStartWatch: Sendable {
    let patience: Int64
    private var since: Int64?
    private var lastDelay = 0

    init(patience: Int64 = 100_000_000) { self.patience = patience }

    /// The device's delay while nothing is queued; true when it should be started now.
    mutating func observe(delay: Int, now: Int64) -> Bool {
        guard delay > 0 else { since = nil; return false }
        guard let start = since, delay >= lastDelay else {
            since = now
            lastDelay = delay
            return false
        }
        guard now - start >= patience else { return false }
        // Asked again only after another wait, should the start not take.
        since = now
        return true
    }

    /// Frames were written: the device may reach its threshold by itself.
    mutating func reset() { since = nil }
}
