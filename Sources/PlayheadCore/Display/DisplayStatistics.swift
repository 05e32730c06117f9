/// What the display did: frames that reached the screen, frames replaced before they could be
/// drawn, flips that came more than one refresh after the frame's due time, and how long from
/// a frame's due time to its flip.
public struct DisplayStatistics: Sendable, Hashable {
    public var presented = 0
    public var dropped = 0
    public var late = 0
    public var failedCommits = 0
    public var totalFlipDelayNanoseconds: Int64 = 0
    public var worstFlipDelayNanoseconds: Int64 = 0
    public var lastFlipDelayNanoseconds: Int64 = 0
    /// Time spent converting and scaling pictures into display buffers, and how many were drawn.
    public var drawNanoseconds: Int64 = 0
    public var drawn = 0
    /// Time from a commit to its flip event.
    public var commitToFlipNanoseconds: Int64 = 0
    /// When the first frame reached the screen (monotonic clock), 0 until then.
    public var firstFlipAtNanoseconds: Int64 = 0
    /// Frames that came while no display was connected, and how often it went away.
    public var withoutDisplay = 0
    public var disconnects = 0
    /// Pictures that could not be drawn (a format with no converter): each is also dropped.
    public var drawFailures = 0
    /// Frames dropped (and counted in `dropped`) because their flip would have come more than
    /// half a refresh after their time.
    public var droppedLate = 0
    /// Of those, the ones dropped before drawing: too late even if drawn in the usual time.
    public var droppedUndrawn = 0

    public init() {}

    public var meanFlipDelayNanoseconds: Int64 { presented == 0 ? 0 : totalFlipDelayNanoseconds / Int64(presented) }

    /// A flip came `delay` after its frame's time; `now` is when it was heard of.
    public mutating func flipped(delay: Int64, refreshNanoseconds: Int64, now: Int64) {
        presented += 1
        if presented == 1 { firstFlipAtNanoseconds = now }
        // Saturated: the delay runs from a due time the file's timestamps set, anywhere in Int64.
        totalFlipDelayNanoseconds = Int64(clamping: Int128(totalFlipDelayNanoseconds) + Int128(delay))
        worstFlipDelayNanoseconds = max(worstFlipDelayNanoseconds, delay)
        lastFlipDelayNanoseconds = delay
        if delay > refreshNanoseconds { late += 1 }
    }

    public var summary: String {
        "presented=\(presented) dropped=\(dropped) dropped-late=\(droppedLate) undrawn=\(droppedUndrawn) late=\(late) failed-commits=\(failedCommits) flip-delay mean=\(meanFlipDelayNanoseconds / 1_000_000)ms "
            + "worst=\(worstFlipDelayNanoseconds / 1_000_000)ms last=\(lastFlipDelayNanoseconds / 1_000_000)ms"
            + " draw mean=\(drawn == 0 ? 0 : drawNanoseconds / Int64(drawn) / 1_000_000)ms"
            + " commit-to-flip mean=\(presented == 0 ? 0 : commitToFlipNanoseconds / Int64(presented) / 1_000_000)ms"
            + (disconnects == 0 ? "" : " disconnects=\(disconnects) frames-without-display=\(withoutDisplay)")
            + (drawFailures == 0 ? "" : " draw-failures=\(drawFailures)")
    }
}
