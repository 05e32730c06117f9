/// Whether the current item's clock runs and, when it does not though asked to, why: one value
/// where the engine once kept two flags (waiting for data, stalled) and two times, which could
/// disagree (a seek landing in a stall left both set).
public enum PlaybackPhase: Sendable, Hashable {
    /// Opened or sought: the clock starts once there is something to show and to play.
    /// `firstPictureSince`: since when it waits for a display to confirm its first picture.
    case starting(firstPictureSince: HostTime?)
    /// The clock runs (when the rate is not zero).
    case running
    /// The source ran dry while playing: the clock stands. `since`: when, until the stall
    /// limit has been reported (nil after).
    case stalled(since: HostTime?)

    public var isStarting: Bool {
        if case .starting = self { return true }
        return false
    }

    public var isStalled: Bool {
        if case .stalled = self { return true }
        return false
    }

    public var isRunning: Bool { self == .running }

    /// Since when a stall runs, while its limit has not been reported.
    public var stalledSince: HostTime? {
        if case .stalled(let since) = self { return since }
        return nil
    }
}
