/// What a status light does: steady or blinking, its level known at any time from the clock
/// alone, so a late wake-up never leaves it out of step.
public enum LightPattern: String, Sendable, Hashable, CaseIterable {
    case on, off
    /// About once a second: buffering, opening, restarting.
    case slow
    /// Four times a second: an error.
    case fast

    var halfPeriod: Int64? {
        switch self {
        case .on, .off: return nil
        case .slow: return 500_000_000
        case .fast: return 125_000_000
        }
    }

    /// Whether the light is lit at `now` (monotonic nanoseconds).
    public func isLit(at now: Int64) -> Bool {
        switch self {
        case .on: return true
        case .off: return false
        case .slow, .fast: return (now / halfPeriod!) % 2 == 0
        }
    }

    /// When the level next changes, or nil for a steady light.
    public func nextChange(after now: Int64) -> Int64? {
        halfPeriod.map { (now / $0 + 1) * $0 }
    }
}

/// What the player is doing, as far as a light can tell.
public enum PlayerActivity: String, Sendable, Hashable, CaseIterable {
    case playing, buffering, error, paused, stopped

    /// From the state `status` shows.
    public init(_ state: PlayerState) {
        switch state {
        case .playing: self = .playing
        case .opening, .restarting, .buffering: self = .buffering
        case .failed: self = .error
        case .paused: self = .paused
        case .idle, .stopped: self = .stopped
        }
    }
}
