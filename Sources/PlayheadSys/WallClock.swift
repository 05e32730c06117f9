/// The time of day, for what is shown to people (a clock overlay). Playback never keeps time by
/// it: it is stepped by NTP and set by hand.
public enum WallClock {
    public static func nanoseconds() -> Int64 { Sys.realtimeNanoseconds() }

    /// The local time at `seconds` since 1970 in strftime's `format` ("%H:%M").
    public static func local(_ format: String, seconds: Int64) -> String { Sys.localTime(format, seconds: seconds) }
}
