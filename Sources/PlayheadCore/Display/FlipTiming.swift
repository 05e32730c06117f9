/// When to commit a frame so that it lands on the vblank nearest its due time, and whether it
/// is too late for that. Vblanks come a refresh apart from the last one a flip landed on. A
/// commit made after the vblank before the target lands on the target; made any later than the
/// target, it lands a refresh after. Committing right after the vblank before (not at the last
/// moment) leaves a whole refresh for a thread that wakes late under load.
public struct FlipTiming: Sendable, Hashable {
    public var refresh: Int64
    /// The last vblank a flip landed on (monotonic nanoseconds); nil before the first flip.
    public var lastVblank: Int64?
    /// How far after its time (negative: before) the last picture landed.
    public var lastOffset: Int64?

    public init(refresh: Int64, lastVblank: Int64?, lastOffset: Int64? = nil) {
        self.refresh = refresh
        self.lastVblank = lastVblank
        self.lastOffset = lastOffset
    }

    /// How far past half a refresh a picture may land to stay on the side of its time the last
    /// one landed on.
    public var hysteresis: Int64 { refresh / 8 }

    /// The vblank nearest `due` (the later one on a tie), or, when the last picture landed on
    /// one side of its time, the vblank as far from `due` as long as that stays within half a
    /// refresh and `hysteresis`; nil before the first flip. A 30 fps clip's times (33, 33 and
    /// 34 ms apart) fall midway between a 60 Hz screen's vblanks: the nearest one swapped sides
    /// from one picture to the next, and pictures lasted 17 and 50 ms instead of 33 (one in
    /// fifteen item joins on the 7.x board).
    public func targetVblank(due: Int64) -> Int64? {
        guard let nearest = nearestVblank(to: Int128(due)) else { return nil }
        guard let offset = lastOffset else { return nearest }
        guard let kept = nearestVblank(to: Int128(due) + Int128(offset)) else { return nearest }
        let drift = Int128(kept) - Int128(due)
        let allowed = Int128(refresh / 2 + hysteresis)
        return drift <= allowed && drift >= -allowed ? kept : nearest
    }

    private func nearestVblank(to time: Int128) -> Int64? {
        guard let last = lastVblank, refresh > 0 else { return nil }
        // In Int128, saturated back: `due` comes from a file's timestamps through the
        // presentation clock and may be anywhere in Int64.
        let n = Self.floorDivision(time - Int128(last) + Int128(refresh / 2), Int128(refresh))
        return Int64(clamping: Int128(last) + n * Int128(refresh))
    }

    /// When to commit a frame due at `due`: an eighth of a refresh after the vblank before its
    /// target; before the first flip, half a refresh before its time.
    public func commitTime(due: Int64) -> Int64 {
        guard let target = targetVblank(due: due) else { return Int64(clamping: Int128(due) - Int128(refresh / 2)) }
        return Int64(clamping: Int128(target) - Int128(refresh) + Int128(refresh / 8))
    }

    /// The first vblank a commit made at `now` can take.
    public func nextVblank(after now: Int64) -> Int64? {
        guard let last = lastVblank, refresh > 0 else { return nil }
        let n = Self.floorDivision(Int128(now) - Int128(last), Int128(refresh)) + 1
        return Int64(clamping: Int128(last) + n * Int128(refresh))
    }

    /// How late a frame due at `due` would be shown if committed at `now` (nil: no vblank yet).
    public func lateness(due: Int64, now: Int64) -> Int64? {
        nextVblank(after: now).map { Int64(clamping: Int128($0) - Int128(due)) }
    }

    /// Whether it would be shown more than half a refresh after its time, or after its target
    /// when that is later (kept on the last picture's side, see `targetVblank`).
    public func isTooLate(due: Int64, now: Int64) -> Bool {
        guard let late = lateness(due: due, now: now) else { return false }
        let target = targetVblank(due: due).map { Int128($0) - Int128(due) } ?? 0
        return Int128(late) > max(Int128(refresh / 2), target)
    }

    /// Whether a frame due at `due`, committed at `now` and meant to stay `frameDuration`, is
    /// dropped rather than shown: it would come more than half a refresh late, and the picture
    /// on screen is not frozen yet. A picture is frozen once it has been up for two frames'
    /// time or four refreshes, whichever is longer: then a late picture beats a frozen one.
    /// Counted in frames, a 15 fps clip's late frames on a 60 Hz screen (each picture up for
    /// four refreshes anyway) are dropped too.
    /// `drawing` is the time still needed before the commit can go in, for a picture not yet
    /// drawn: one already too late is dropped before it costs the drawing, unless the picture
    /// on screen will be frozen by the time it is drawn. Whether one on time now will still be
    /// once drawn is left to the check after the drawing: an estimate of the drawing time
    /// dropped frames that would have made it (15 fps lip sync on the 6.1 board).
    public func dropsLate(due: Int64, now: Int64, frameDuration: Int64, drawing: Int64 = 0) -> Bool {
        guard let last = lastVblank else { return false }
        let upFor = Int128(now) + Int128(max(0, drawing)) - Int128(last)
        return upFor <= max(4 * Int128(refresh), 2 * Int128(frameDuration)) && isTooLate(due: due, now: now)
    }

    private static func floorDivision(_ a: Int128, _ b: Int128) -> Int128 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}
