import PlayheadCore

/// A start put on an instant (`Player.setRate(_:time:atHostTime:)`): the item's `itemTime` is
/// due at `host`; a start that comes earlier waits for it, one that comes later drops what it
/// missed, as a member of a sync group must.
struct ScheduledStart {
    let itemTime: MediaTime
    let host: HostTime

    /// An instant further off than this is a mistake (a clock not yet in step), not a plan:
    /// the start goes on at once instead of showing a still picture for minutes.
    static let longestWait: Int64 = ScheduledStartLimit.seconds * 1_000_000_000
}

/// How far off a start may be put (Player.setRate(_:time:atHostTime:)).
public enum ScheduledStartLimit {
    public static let seconds: Int64 = 10
}

extension PlaybackCore {
    /// The current item is ready: if its start was put on an instant, its clock starts from
    /// there. False when no start was put on one (it starts as usual).
    mutating func startAsScheduled(_ now: HostTime) -> Bool {
        guard let s = scheduledStart, let seg = segments.first, !rate.isPaused else { return false }
        if now < s.host, s.host - now <= ScheduledStart.longestWait {
            groupWaitUntil = s.host
            return true
        }
        scheduledStart = nil
        groupWaitUntil = nil
        phase = .running
        let late = now - s.host
        clock = PresentationClock(media: seg.offset + s.itemTime, host: late > ScheduledStart.longestWait ? now : s.host, rate: rate)
        return true
    }
}
