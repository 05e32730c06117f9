/// Which days a `schedule.DAYS` line is for: one weekday, weekdays, the weekend, every day, or
/// one date (a holiday). A date's line wins over its weekday's, a weekday's over weekdays' or
/// the weekend's, those over every day's.
public enum ScheduleDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    case date(year: Int, month: Int, day: Int)
    /// 0 Sunday ... 6 Saturday.
    case weekday(Int)
    case weekdays
    case weekend
    case daily

    static let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    public static let usage = "mon to sun, weekdays, weekend, daily or a date (2026-12-25)"

    public init?(_ text: String) {
        let t = text.lowercased()
        if let i = Self.names.firstIndex(of: t) { self = .weekday(i); return }
        switch t {
        case "weekdays": self = .weekdays
        case "weekend": self = .weekend
        case "daily": self = .daily
        default:
            let parts = t.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
                  let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m), d >= 1,
                  d <= Self.length(month: m, year: y) else { return nil }
            self = .date(year: y, month: m, day: d)
        }
    }

    static func length(month: Int, year: Int) -> Int {
        switch month {
        case 2: return UTCTime.isLeap(Int64(year)) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether it covers the local day `day` (counted from 1970-01-01).
    func covers(_ day: Int64) -> Bool {
        switch self {
        case .date(let y, let m, let d): return UTCTime.days(year: Int64(y), month: Int64(m), day: Int64(d)) == day
        case .weekday(let w): return UTCTime.weekday(daysSinceEpoch: day) == w
        case .weekdays: return (1...5).contains(UTCTime.weekday(daysSinceEpoch: day))
        case .weekend: return [0, 6].contains(UTCTime.weekday(daysSinceEpoch: day))
        case .daily: return true
        }
    }

    /// Lower is more particular.
    var rank: Int {
        switch self {
        case .date: return 0
        case .weekday: return 1
        case .weekdays, .weekend: return 2
        case .daily: return 3
        }
    }

    public static func < (a: ScheduleDay, b: ScheduleDay) -> Bool { a.rank < b.rank }

    public var description: String {
        switch self {
        case .date(let y, let m, let d): return "\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)"
        case .weekday(let w): return Self.names[w]
        case .weekdays: return "weekdays"
        case .weekend: return "weekend"
        case .daily: return "daily"
        }
    }
}
