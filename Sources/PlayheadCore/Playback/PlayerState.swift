/// What `status` says the player is doing, in one word; the status light follows it.
public enum PlayerState: String, Sendable, Hashable, CaseIterable {
    case idle, opening, playing, buffering, paused, restarting, failed, stopped

    /// `playerFailed`: an output failed for good. `item`: the current item's status, nil
    /// when there is none. Never `stopped`: that is the last transport command, the
    /// router's to say.
    /// An item that failed is given up on and the queue moves on in the same step, so a failed
    /// item is current only when it is played again (a looped queue's next turn) or waits for
    /// its next try (`restarting`). Its status stays failed, final as AVPlayerItem's, while it
    /// plays again: what the player does then is what the time control says, as for an item
    /// ready to play (a looped demo said `failed` for the whole of its damaged clip's turn).
    public static func decide(playerFailed: Bool, item: ItemStatus?, timeControl: TimeControl) -> PlayerState {
        if playerFailed { return .failed }
        if timeControl.reason == .restarting { return .restarting }
        guard let item else { return .idle }
        switch item {
        case .unknown: return .opening
        case .readyToPlay, .failed:
            switch timeControl.status {
            case .paused: return .paused
            case .playing: return .playing
            case .waitingToPlayAtSpecifiedRate:
                return timeControl.reason == .openingItem ? .opening : timeControl.reason == .stalled ? .buffering : .playing
            }
        }
    }
}
