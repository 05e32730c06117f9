/// What a subtitle feed has read, and what it should do for the player's time: read on so that
/// cues are known `ahead` of it, start again where a seek went (behind what was read, or far
/// beyond it), or nothing. The player's time is all it needs: seeks are not announced.
public struct SubtitleFeedWindow: Sendable, Equatable {
    /// Where reading (re)started: cues before it are not known.
    public private(set) var from: Int64
    /// Every cue starting before this has been read.
    public private(set) var knownUntil: Int64
    public private(set) var ended = false

    /// How far ahead of the player cues are read: a read is asked for when less than half is left.
    public static let ahead: Int64 = 20_000
    /// Where a restart begins before the player's time: a cue that began that much earlier still shows.
    public static let behind: Int64 = 10_000
    /// A jump further than this past what was read is a seek, not a read: reading through to it
    /// would read the film between.
    public static let jump: Int64 = 60_000

    public enum Step: Sendable, Equatable {
        case none
        case read(until: Int64)
        case restart(at: Int64, thenUntil: Int64)
    }

    public init(from: Int64 = 0) {
        self.from = from
        self.knownUntil = from
    }

    public func step(at milliseconds: Int64) -> Step {
        let until = milliseconds + Self.ahead
        if milliseconds < from || (!ended && milliseconds > knownUntil + Self.jump) {
            return .restart(at: max(0, milliseconds - Self.behind), thenUntil: until)
        }
        if !ended && knownUntil < milliseconds + Self.ahead / 2 { return .read(until: until) }
        return .none
    }

    /// A restart at `milliseconds`: nothing is known from there yet.
    public mutating func restarted(at milliseconds: Int64) {
        from = milliseconds
        knownUntil = milliseconds
        ended = false
    }

    /// A read asked `until` gave `read`.
    public mutating func advanced(until: Int64, by read: SubtitleFeedRead) {
        if read.ended {
            ended = true
            knownUntil = max(knownUntil, until)
        } else {
            knownUntil = max(knownUntil, read.lastStart ?? until)
        }
    }
}
