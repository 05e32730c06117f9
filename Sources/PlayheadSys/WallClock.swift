/// The time of day, for what is shown to people (a clock overlay). Playback never keeps time by
/// it: it is stepped by NTP and set by hand.
public enum WallClock {
    /// What the kernel's clock discipline says of CLOCK_REALTIME: synchronised by a time
    /// service or not, and its own bounds of error (nanoseconds).
    public struct Discipline: Sendable, Equatable {
        public var synchronised: Bool
        public var maxErrorNanoseconds: Int64
        public var estimatedErrorNanoseconds: Int64
    }

    public static func discipline() -> Discipline? { Sys.clockDiscipline() }

    public static func nanoseconds() -> Int64 { Sys.realtimeNanoseconds() }

    /// The local time at `seconds` since 1970 in strftime's `format` ("%H:%M").
    public static func local(_ format: String, seconds: Int64) -> String { Sys.localTime(format, seconds: seconds) }
}
