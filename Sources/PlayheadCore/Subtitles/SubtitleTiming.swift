/// When the drawer of subtitles looks at the player again: at the next change of what shows,
/// reached at the player's rate, but at least every `longest` (a seek, a pause or an item
/// change is not announced to it) and not sooner than `shortest` (a burst of tiny cues must
/// not spin it).
public enum SubtitleTiming {
    public static let longest: Int64 = 100_000_000
    public static let shortest: Int64 = 5_000_000

    /// Nanoseconds to wait from `milliseconds` of the item played at `rate`.
    public static func wait(at milliseconds: Int64, rate: Double, schedule: SubtitleSchedule) -> Int64 {
        guard rate > 0, let next = schedule.nextChange(after: milliseconds) else { return longest }
        let wall = Double(next - milliseconds) * 1_000_000 / rate
        return min(longest, max(shortest, Int64(wall.rounded(.up))))
    }
}
