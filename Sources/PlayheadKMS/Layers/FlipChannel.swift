import PlayheadCore

/// Where a plane's flips go and their events come back: the screen itself when one player has
/// it, or its layer's share of the one commit per refresh when several do (LayeredCommits).
protocol FlipChannel: AnyObject, Sendable {
    /// Queues the flip to `plane` at the next vblank (see DRMScreen.flip).
    func flip(_ plane: [AtomicValue], userData: UInt64, capture: Bool) -> (AtomicCommitError?, fence: Int32?)
    func waitForFlips(timeoutMilliseconds: Int32) -> [FlipEvent]
}

extension DRMScreen: FlipChannel {}
