/// Cues as a stream gives them, into a schedule: a cue with no end of its own (or a bitmap
/// display set, which lasts until replaced) stays open until the next cue or a clear ends it;
/// what is still open at the end shows for `lastCueMilliseconds`.
public struct SubtitleCueCollector: Sendable {
    public private(set) var schedule = SubtitleSchedule()
    private var open: [SubtitleCue] = []
    /// How long a last cue with no end stays.
    public static let lastCueMilliseconds: Int64 = 5000

    public init() {}

    /// `cue` starts: the open ones end at its start. `keepOpen`: it ends at the next, or at
    /// its own end if that comes first.
    public mutating func add(_ cue: SubtitleCue, keepOpen: Bool) {
        close(at: cue.startMilliseconds)
        if keepOpen { open.append(cue) } else { schedule.add(cue) }
    }

    /// What shows changes at `milliseconds` to `cues` together (a caption screen's windows):
    /// the open ones end, these stay open until the next change.
    public mutating func show(_ cues: [SubtitleCue], at milliseconds: Int64) {
        close(at: milliseconds)
        open = cues
    }

    /// The open cues end at `milliseconds`, or at their own end if that comes first; one that
    /// never showed (ended where it began) is left out.
    public mutating func close(at milliseconds: Int64) {
        for var cue in open {
            let untilNext = max(0, milliseconds - cue.startMilliseconds)
            cue.durationMilliseconds = cue.durationMilliseconds == 0 ? untilNext : min(cue.durationMilliseconds, untilNext)
            if cue.durationMilliseconds > 0 { schedule.add(cue) }
        }
        open.removeAll()
    }

    /// The cues whose ends are known so far, taken out (a feed hands them on as it reads); the
    /// open ones stay until the next cue or a clear ends them.
    public mutating func takeClosed() -> [SubtitleCue] {
        defer { schedule = SubtitleSchedule() }
        return schedule.cues
    }

    /// The schedule, the cues still open kept for their own length or `lastCueMilliseconds`.
    public mutating func finish() -> SubtitleSchedule {
        for var cue in open {
            if cue.durationMilliseconds == 0 { cue.durationMilliseconds = Self.lastCueMilliseconds }
            schedule.add(cue)
        }
        open.removeAll()
        return schedule
    }
}
