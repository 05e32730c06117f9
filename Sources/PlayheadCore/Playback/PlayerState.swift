/// What `status` says the player is doing, in one word; the status light follows it.
public enum PlayerState: String, Sendable, Hashable, CaseIterable {
    case idle, opening, playing, buffering, paused, restarting, failed, stopped

    /// `playerFailed`: an output failed for good. `item`: the current item's status, nil
    /// when there is none. Never `stopped`: that is the last transport command, the
    /// router's to say.
    public static func decide(playerFailed: Bool, item: ItemStatus?, timeControl: TimeControl) -> PlayerState {
        if playerFailed { return .failed }
        if timeControl.reason == .restarting { return .restarting }
        guard let item else { return .idle }
        switch item {
        case .failed: return .failed
        case .unknown: return .opening
        case .readyToPlay:
            switch timeControl.status {
            case .paused: return .paused
            case .playing: return .playing
            case .waitingToPlayAtSpecifiedRate:
                return timeControl.reason == .openingItem ? .opening : timeControl.reason == .stalled ? .buffering : .playing
            }
        }
    }
}
