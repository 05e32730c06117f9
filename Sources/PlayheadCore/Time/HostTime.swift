/// A point on the host's monotonic clock, in nanoseconds. Page-flip events and ALSA timestamps
/// are on CLOCK_MONOTONIC too, so every output can be compared on this one axis.
public struct HostTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = HostTime(nanoseconds: 0)
    public static let distantFuture = HostTime(nanoseconds: .max)

    public static func < (a: HostTime, b: HostTime) -> Bool { a.nanoseconds < b.nanoseconds }

    public static func + (t: HostTime, ns: Int64) -> HostTime {
        // Saturates towards the sign of what is added: moved far back, a time is the earliest
        // one (due at once), not the end of time.
        let (sum, overflow) = t.nanoseconds.addingReportingOverflow(ns)
        return HostTime(nanoseconds: overflow ? (ns < 0 ? .min : .max) : sum)
    }

    /// Saturated too: a frame due at the earliest time is as late as can be, not early (which
    /// wrapping made it).
    public static func - (a: HostTime, b: HostTime) -> Int64 {
        Int64(clamping: Int128(a.nanoseconds) - Int128(b.nanoseconds))
    }

    public var description: String { "host:\(nanoseconds)ns" }
}

/// The time source the engine runs on. A real clock sleeps; a virtual one (untimed playback,
/// tests) jumps straight to the deadline, so the same engine code runs as fast as decoding allows.
public protocol HostClock: Sendable {
    func now() -> HostTime
    /// True when waiting should advance the clock instead of sleeping.
    var isVirtual: Bool { get }
    /// Moves a virtual clock forward to `time` (never backwards). Real clocks ignore it.
    func advance(to time: HostTime)
}
