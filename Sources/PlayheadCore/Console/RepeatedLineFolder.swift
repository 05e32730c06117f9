/// Folds runs of one message, as syslogd does: FFmpeg says the same thing for every damaged
/// frame (dozens a second on a broken stream), and each line costs a write to the console and
/// to syslog. The first of a run is shown; the rest are counted, and the count is said as
/// "last message repeated N times: TEXT" when another message comes, or once a second while
/// the run goes on (on the next repeat or `tick`). Times are monotonic nanoseconds, passed in.
public struct RepeatedLineFolder: Sendable {
    /// How long a count may wait before it is said.
    public let window: Int64
    private var last: String?
    /// Repeats of `last` not said yet.
    private var repeats = 0
    /// When the count began (the message shown, or the last count said).
    private var since: Int64 = 0
    /// When `last` was last seen.
    private var seen: Int64 = 0

    public init(window: Int64 = 1_000_000_000) { self.window = window }

    /// Repeats counted and not said yet: a tick is still wanted.
    public var pendingRepeats: Int { repeats }

    /// What to print for `line` now (often nothing).
    public mutating func offer(_ line: String, now: Int64) -> [String] {
        // A message that comes back after a quiet second is news again, not a repeat.
        if line == last, now - seen < window {
            seen = now
            repeats += 1
            return now - since >= window ? said(now) : []
        }
        var out = repeats > 0 ? said(now) : []
        out.append(line)
        last = line
        repeats = 0
        since = now
        seen = now
        return out
    }

    /// The count of a run whose second is up; nothing otherwise.
    public mutating func tick(now: Int64) -> [String] {
        repeats > 0 && now - since >= window ? said(now) : []
    }

    private mutating func said(_ now: Int64) -> [String] {
        defer {
            repeats = 0
            since = now
        }
        return ["last message repeated \(repeats) time\(repeats == 1 ? "" : "s"): \(last ?? "")"]
    }
}
