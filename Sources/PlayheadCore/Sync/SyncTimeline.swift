/// What the leader shows, and when: playlist entry `entry` (named `name`, for a check that the
/// follower's playlist agrees) at `itemTime` at `groupTime` on the group's clock, moving at
/// `rate` (paused: rate 0).
public struct SyncTimeline: Sendable, Hashable {
    public var entry: Int
    public var entries: Int
    public var name: String
    public var itemTime: Int64
    public var groupTime: Int64
    public var rate: PlaybackRate
    public var clock: SyncClockKind
    /// The entry's length in nanoseconds (0: not known, or a live stream), so a follower does
    /// not aim a jump past its end.
    public var duration: Int64

    public init(entry: Int, entries: Int, name: String, itemTime: Int64, groupTime: Int64, rate: PlaybackRate, clock: SyncClockKind,
                duration: Int64 = 0) {
        self.duration = duration
        self.entry = entry
        self.entries = entries
        self.name = name
        self.itemTime = itemTime
        self.groupTime = groupTime
        self.rate = rate
        self.clock = clock
    }

    /// The leader's item time at `groupTime` `at`, extrapolated at its rate.
    public func itemTime(atGroupTime at: Int64) -> Int64 {
        if rate.isPaused { return itemTime }
        let elapsed = Int128(at) - Int128(groupTime)
        return Int64(clamping: Int128(itemTime) + elapsed * Int128(rate.numerator) / Int128(rate.denominator))
    }
}
