/// An exact rational media time: `value / timescale` seconds.
///
/// Times from containers arrive in each stream's own time base (1/90000, 1/48000, 1/1000...);
/// keeping them rational means that converting, adding and comparing never drifts, which a
/// Double would after hours of looping on an appliance.
public struct MediaTime: Sendable, Hashable {
    public enum Kind: UInt8, Sendable, Hashable {
        case invalid, numeric, indefinite, positiveInfinity, negativeInfinity
    }

    public let value: Int64
    public let timescale: Int32
    public let kind: Kind

    public init(value: Int64, timescale: Int32) {
        precondition(timescale > 0, "MediaTime timescale must be positive")
        self.value = value
        self.timescale = timescale
        self.kind = .numeric
    }

    private init(kind: Kind) {
        self.value = 0
        self.timescale = 1
        self.kind = kind
    }

    public static let invalid = MediaTime(kind: .invalid)
    public static let indefinite = MediaTime(kind: .indefinite)
    public static let positiveInfinity = MediaTime(kind: .positiveInfinity)
    public static let negativeInfinity = MediaTime(kind: .negativeInfinity)
    public static let zero = MediaTime(value: 0, timescale: 1)

    public var isValid: Bool { kind != .invalid }
    public var isNumeric: Bool { kind == .numeric }
    public var isIndefinite: Bool { kind == .indefinite }
    public var isInfinite: Bool { kind == .positiveInfinity || kind == .negativeInfinity }

    /// Seconds as a Double, for display and logs only; the engine never times with it.
    public var seconds: Double {
        switch kind {
        case .numeric: return Double(value) / Double(timescale)
        case .positiveInfinity: return .infinity
        case .negativeInfinity: return -.infinity
        case .invalid, .indefinite: return .nan
        }
    }

    /// The nearest time in `timescale` units (ties away from zero); used for UI input such as
    /// `--start 1.5`, never for media timestamps.
    public init(seconds: Double, preferredTimescale: Int32) {
        if seconds.isNaN { self = .invalid; return }
        if seconds == .infinity { self = .positiveInfinity; return }
        if seconds == -.infinity { self = .negativeInfinity; return }
        let scaled = (seconds * Double(preferredTimescale)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.2e18, scaled > -9.2e18 else {
            self = seconds > 0 ? .positiveInfinity : .negativeInfinity
            return
        }
        self.init(value: Int64(scaled), timescale: preferredTimescale)
    }

    public init(nanoseconds: Int64) {
        self.init(value: nanoseconds, timescale: 1_000_000_000)
    }

    /// This time in another timescale, rounded to nearest (ties away from zero). Exact whenever
    /// the new timescale is a multiple of the old one.
    public func converted(to newScale: Int32) -> MediaTime {
        guard isNumeric else { return self }
        if newScale == timescale { return self }
        let numerator = Int128(value) * Int128(newScale)
        let rounded = MediaTime.divideRounded(numerator, Int128(timescale))
        return MediaTime.clamped(rounded, timescale: newScale)
    }

    /// Whole nanoseconds, rounded to nearest; saturates at the ends of Int64.
    public var nanoseconds: Int64 {
        switch kind {
        case .numeric:
            let r = MediaTime.divideRounded(Int128(value) * 1_000_000_000, Int128(timescale))
            return Int64(clamping: r)
        case .positiveInfinity: return .max
        case .negativeInfinity: return .min
        case .invalid, .indefinite: return 0
        }
    }

    static func divideRounded(_ n: Int128, _ d: Int128) -> Int128 {
        let (q, r) = n.quotientAndRemainder(dividingBy: d)
        if r == 0 { return q }
        let twice = r.magnitude * 2
        if twice >= d.magnitude { return (n < 0) != (d < 0) ? q - 1 : q + 1 }
        return q
    }

    static func clamped(_ v: Int128, timescale: Int32) -> MediaTime {
        if v > Int128(Int64.max) { return .positiveInfinity }
        if v < Int128(Int64.min) { return .negativeInfinity }
        return MediaTime(value: Int64(v), timescale: timescale)
    }
}
