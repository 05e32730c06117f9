/// AVPlayerItem.Status: an item starts unknown, becomes ready once opened, and fails for good
/// when opening or playing it fails. Failed is final: a restart makes a new attempt, not a new
/// status.
public enum ItemStatus: String, Sendable, Hashable {
    case unknown, readyToPlay, failed

    /// The status after `event`, or nil when the event does not change it.
    public func next(on event: ItemStatusEvent) -> ItemStatus? {
        switch (self, event) {
        case (.unknown, .opened): return .readyToPlay
        case (.unknown, .failed), (.readyToPlay, .failed): return .failed
        default: return nil
        }
    }
}

public enum ItemStatusEvent: Sendable, Hashable {
    case opened, failed
    /// It failed and is tried again: logged, and the status stays.
    case restarting
}
