/// The times that turn a line's edges into presses, in nanoseconds on the clock of the
/// kernel's edge timestamps (CLOCK_MONOTONIC).
public struct ButtonTiming: Sendable, Hashable {
    /// How long a level must hold before it counts: contacts bounce for a few milliseconds.
    public var debounce: Int64
    /// How long a press lasts before it is a hold.
    public var hold: Int64
    /// How long a repeating button is held before its first repeat, and the pace after it.
    public var repeatDelay: Int64
    public var repeatInterval: Int64

    public init(debounceMs: Int = 30, holdMs: Int = 800, repeatDelayMs: Int = 500, repeatIntervalMs: Int = 150) {
        debounce = Int64(debounceMs) * 1_000_000
        hold = Int64(holdMs) * 1_000_000
        repeatDelay = Int64(repeatDelayMs) * 1_000_000
        repeatInterval = Int64(max(1, repeatIntervalMs)) * 1_000_000
    }
}
