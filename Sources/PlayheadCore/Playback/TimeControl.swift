/// Whether time moves (AVPlayer.TimeControlStatus): a player asked to play may still wait,
/// and why it waits is what a status light and an operator need to see.
public enum TimeControlStatus: String, Sendable, Hashable {
    case paused, waitingToPlayAtSpecifiedRate, playing
}

/// Why a player asked to play is not playing yet (AVPlayer.WaitingReason, with the reasons an
/// appliance has).
public enum WaitingReason: String, Sendable, Hashable {
    /// The source ran dry while playing (a slow network, a stalled stream).
    case stalled
    /// The current item is being opened.
    case openingItem
    /// A failed item waits for its next try.
    case restarting
    /// Opened or just moved (a seek, a start): the first pictures and sound are on their way.
    case startingPlayback
    /// Nothing is queued.
    case noItemToPlay
}

/// What the engine knows, reduced to time control and its reason.
public struct TimeControl: Sendable, Hashable {
    public let status: TimeControlStatus
    public let reason: WaitingReason?

    public init(status: TimeControlStatus, reason: WaitingReason?) {
        self.status = status
        self.reason = reason
    }

    /// Highest first: a restart outranks what the failed item left behind, a stall outranks
    /// the start it interrupted.
    public static func decide(paused: Bool, restarting: Bool, hasItem: Bool, itemOpen: Bool,
                              stalled: Bool, waitingForData: Bool) -> TimeControl {
        guard !paused else { return TimeControl(status: .paused, reason: nil) }
        let reason: WaitingReason? = restarting ? .restarting
            : !hasItem ? .noItemToPlay
            : !itemOpen ? .openingItem
            : stalled ? .stalled
            : waitingForData ? .startingPlayback
            : nil
        return TimeControl(status: reason == nil ? .playing : .waitingToPlayAtSpecifiedRate, reason: reason)
    }
}
