import PlayheadCore

/// One layer's end of LayeredCommits.
final class LayerChannel: FlipChannel, @unchecked Sendable {
    let commits: LayeredCommits
    let layer: Int

    init(commits: LayeredCommits, layer: Int) {
        self.commits = commits
        self.layer = layer
    }

    func flip(_ plane: [AtomicValue], userData: UInt64, capture: Bool) -> (AtomicCommitError?, fence: Int32?) {
        commits.flip(layer: layer, plane, userData: userData, capture: capture)
    }

    func waitForFlips(timeoutMilliseconds: Int32) -> [FlipEvent] {
        commits.waitForFlips(layer: layer, timeoutMilliseconds: timeoutMilliseconds)
    }
}
