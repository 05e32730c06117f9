extension MediaTime: Comparable {
    /// Invalid sorts before everything, then -inf, numbers, +inf, and indefinite last, so that
    /// sorting a list of times is total.
    public static func < (lhs: MediaTime, rhs: MediaTime) -> Bool {
        compare(lhs, rhs) < 0
    }

    public static func == (lhs: MediaTime, rhs: MediaTime) -> Bool {
        compare(lhs, rhs) == 0
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        if isNumeric {
            // Equal rationals must hash equally: hash the reduced fraction.
            let g = MediaTime.gcd(value.magnitude, UInt64(timescale))
            hasher.combine(value / Int64(g))
            hasher.combine(Int64(timescale) / Int64(g))
        }
    }

    private var order: Int {
        switch kind {
        case .invalid: return 0
        case .negativeInfinity: return 1
        case .numeric: return 2
        case .positiveInfinity: return 3
        case .indefinite: return 4
        }
    }

    public static func compare(_ a: MediaTime, _ b: MediaTime) -> Int {
        if a.isNumeric && b.isNumeric {
            let l = Int128(a.value) * Int128(b.timescale)
            let r = Int128(b.value) * Int128(a.timescale)
            return l < r ? -1 : (l > r ? 1 : 0)
        }
        return a.order < b.order ? -1 : (a.order > b.order ? 1 : 0)
    }

    public static func + (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        combine(lhs, rhs, negateRight: false)
    }

    public static func - (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        combine(lhs, rhs, negateRight: true)
    }

    public static prefix func - (t: MediaTime) -> MediaTime {
        switch t.kind {
        case .numeric: return clamped(-Int128(t.value), timescale: t.timescale)
        case .positiveInfinity: return .negativeInfinity
        case .negativeInfinity: return .positiveInfinity
        case .invalid, .indefinite: return t
        }
    }

    public static func += (lhs: inout MediaTime, rhs: MediaTime) { lhs = lhs + rhs }
    public static func -= (lhs: inout MediaTime, rhs: MediaTime) { lhs = lhs - rhs }

    /// Multiplies by the exact ratio `numerator/denominator` (a playback rate, say), rounding to
    /// the nearest unit of this time's timescale.
    public func multiplied(by numerator: Int64, over denominator: Int64 = 1) -> MediaTime {
        precondition(denominator != 0, "MediaTime multiplied by a ratio with a zero denominator")
        switch kind {
        case .numeric:
            let v = MediaTime.divideRounded(Int128(value) * Int128(numerator), Int128(denominator))
            return MediaTime.clamped(v, timescale: timescale)
        case .positiveInfinity, .negativeInfinity:
            if numerator == 0 { return .invalid }
            let flip = (numerator < 0) != (denominator < 0)
            return flip ? -self : self
        case .invalid, .indefinite:
            return self
        }
    }

    public static func minimum(_ a: MediaTime, _ b: MediaTime) -> MediaTime { a < b ? a : b }
    public static func maximum(_ a: MediaTime, _ b: MediaTime) -> MediaTime { a < b ? b : a }

    private static func combine(_ a: MediaTime, _ b: MediaTime, negateRight: Bool) -> MediaTime {
        let b = negateRight ? -b : b
        if !a.isValid || !b.isValid { return .invalid }
        if a.isIndefinite || b.isIndefinite { return .indefinite }
        if a.isInfinite || b.isInfinite {
            if a.isInfinite && b.isInfinite && a.kind != b.kind { return .invalid }
            return a.isInfinite ? a : b
        }
        if a.timescale == b.timescale {
            return clamped(Int128(a.value) + Int128(b.value), timescale: a.timescale)
        }
        // Use the least common multiple so the sum stays exact; fall back to the larger scale
        // (rounded) only when the LCM does not fit in Int32.
        let g = Int64(gcd(UInt64(a.timescale), UInt64(b.timescale)))
        let lcm = Int64(a.timescale) / g * Int64(b.timescale)
        if lcm <= Int64(Int32.max) {
            let scale = Int32(lcm)
            let av = Int128(a.value) * Int128(lcm / Int64(a.timescale))
            let bv = Int128(b.value) * Int128(lcm / Int64(b.timescale))
            return clamped(av + bv, timescale: scale)
        }
        let scale = max(a.timescale, b.timescale)
        let av = a.converted(to: scale), bv = b.converted(to: scale)
        guard av.isNumeric, bv.isNumeric else { return av.isNumeric ? bv : av }
        return clamped(Int128(av.value) + Int128(bv.value), timescale: scale)
    }

    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x == 0 ? 1 : x
    }
}

extension MediaTime: CustomStringConvertible {
    public var description: String {
        switch kind {
        case .invalid: return "invalid"
        case .indefinite: return "indefinite"
        case .positiveInfinity: return "+inf"
        case .negativeInfinity: return "-inf"
        case .numeric: return "\(value)/\(timescale)"
        }
    }

    /// Seconds with millisecond precision, computed exactly (no Double), for logs and JSON.
    public var secondsText: String {
        guard isNumeric else { return description }
        let ms = converted(to: 1000).value
        let sign = ms < 0 ? "-" : ""
        let m = ms.magnitude
        let frac = String(m % 1000)
        return "\(sign)\(m / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
    }
}
