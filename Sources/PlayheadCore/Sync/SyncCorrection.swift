/// What a follower does to stay on the leader's timeline.
public enum SyncCorrection: Sendable, Equatable {
    /// Play playlist entry `entry` so that `itemTime` shows at `atHost` (this member's
    /// monotonic clock): a seek, held until that instant. For a join, an item change missed, or
    /// an error too large to nudge away.
    case jump(entry: Int, itemTime: Int64, atHost: Int64, rate: PlaybackRate)
    /// The leader is paused: stand still at its place.
    case pause(entry: Int, itemTime: Int64)
    /// Play at this rate (the leader's, nudged by at most `SyncFollower.maxNudge`) to close a
    /// small error without a visible jump.
    case rate(PlaybackRate)
    /// The leader plays something this member's playlist lacks (said once per entry).
    case missing(entry: Int, name: String)
}
