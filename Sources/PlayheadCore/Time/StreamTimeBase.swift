/// A stream's time base as its container declares it (`numerator/denominator` seconds a tick)
/// and the item's start in those ticks: maps the stream's Int64 timestamps to the item's
/// timeline and back.
///
/// Every number here comes from a file, and files lie: a Matroska TimestampScale of 2^63, an
/// MP4 timescale of 1 with durations near Int64.max, a time base of Int32.max/1. So the maths
/// runs in Int128 and a result that does not fit becomes "no time" (`MediaTime.invalid`) or
/// saturates, never a trap: a hostile file may fail its item, not stop the player.
public struct StreamTimeBase: Sendable, Hashable {
    /// FFmpeg's AV_NOPTS_VALUE, the container's "no timestamp here".
    public static let noTimestamp = Int64.min

    public let numerator: Int32
    public let denominator: Int32
    /// The item's time zero in this stream's ticks.
    public let offset: Int64

    /// A time base of zero or below (a damaged header) counts as 1, as FFmpeg's own fallbacks do.
    public init(numerator: Int32, denominator: Int32, offset: Int64 = 0) {
        self.numerator = max(numerator, 1)
        self.denominator = max(denominator, 1)
        self.offset = offset == Self.noTimestamp ? 0 : offset
    }

    /// With the item's start given as a time (the container's start, in its own units).
    public init(numerator: Int32, denominator: Int32, start: MediaTime) {
        let base = StreamTimeBase(numerator: numerator, denominator: denominator)
        self.init(numerator: numerator, denominator: denominator, offset: start.isNumeric ? base.ticks(at: start) : 0)
    }

    /// A timestamp on the item's timeline; invalid for "no timestamp" and for one that lies
    /// beyond what a MediaTime in this time base can hold (292 years of nanoseconds and more).
    public func mediaTime(_ ticks: Int64) -> MediaTime {
        if ticks == Self.noTimestamp { return .invalid }
        return exact((Int128(ticks) - Int128(offset)) * Int128(numerator))
    }

    /// A length of `ticks` (a packet's, frame's or stream's duration); invalid when it is not
    /// a positive length or does not fit.
    public func duration(_ ticks: Int64) -> MediaTime {
        guard ticks > 0 else { return .invalid }
        return exact(Int128(ticks) * Int128(numerator))
    }

    /// The stream's timestamp of `t` (to seek): `t` to the nearest unit of the denominator, then
    /// down to a whole tick. Saturates at the ends, and never gives `noTimestamp`.
    public func ticks(at t: MediaTime) -> Int64 {
        switch t.kind {
        case .numeric:
            // At most 2^63 * 2^31 over 2^31: within Int128 however hostile the time base.
            let units = MediaTime.divideRounded(Int128(t.value) * Int128(denominator), Int128(t.timescale))
            return Self.saturated(units / Int128(numerator) + Int128(offset))
        case .negativeInfinity, .invalid: return Self.saturated(Int128(Int64.min))
        case .positiveInfinity, .indefinite: return Int64.max
        }
    }

    /// The tick just before `t`: the newest timestamp that is still earlier.
    public func tick(before t: MediaTime) -> Int64 {
        Self.saturated(Int128(ticks(at: t)) - 1)
    }

    private func exact(_ value: Int128) -> MediaTime {
        guard let v = Int64(exactly: value) else { return .invalid }
        return MediaTime(value: v, timescale: denominator)
    }

    /// Within Int64, one above `noTimestamp`: a seek to the earliest time must not ask for "none".
    private static func saturated(_ v: Int128) -> Int64 {
        Int64(clamping: max(v, Int128(Int64.min) + 1))
    }
}
