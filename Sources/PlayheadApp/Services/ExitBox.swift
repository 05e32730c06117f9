import Synchronization

/// The exit status, set once by whoever ends the run first (the end of the playlist, a signal,
/// a failed output).
final class ExitBox: Sendable {
    private let value = Mutex<Int32?>(nil)

    /// False when a status was already set.
    @discardableResult
    func set(_ status: Int32) -> Bool {
        value.withLock { v in
            guard v == nil else { return false }
            v = status
            return true
        }
    }

    var status: Int32 { value.withLock { $0 ?? 0 } }
}
