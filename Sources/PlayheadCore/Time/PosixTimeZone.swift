/// A POSIX TZ string (`CET-1CEST,M3.5.0,M10.5.0/3`): the rule a TZif file's footer gives for
/// the times after its last transition, and the whole rule of a zone given that way. Offsets
/// are seconds east of UTC (POSIX writes them west: `CET-1` is an hour east).
public struct PosixTimeZone: Sendable, Hashable {
    /// When daylight saving starts or ends in a year: a day and the local time on it.
    public enum Day: Sendable, Hashable {
        /// `Mm.w.d`: weekday d (0 Sunday) of week w (5: the last) of month m.
        case monthWeek(month: Int, week: Int, weekday: Int)
        /// `Jn`: day n of 1 to 365, February 29th never counted.
        case julianNoLeap(Int)
        /// `n`: day n of 0 to 365, February 29th counted.
        case zeroBased(Int)
    }

    public struct Change: Sendable, Hashable {
        public var day: Day
        /// Seconds after local midnight (may be negative or past a day, as TZif 3 allows).
        public var time: Int
    }

    public var standardOffset: Int
    public var daylight: (offset: Int, start: Change, end: Change)? {
        guard let daylightOffset, let start, let end else { return nil }
        return (daylightOffset, start, end)
    }
    private var daylightOffset: Int?
    private var start: Change?
    private var end: Change?

    /// nil when `text` is not a TZ string this reads.
    public init?(_ text: String) {
        var p = Parser(Array(text.utf8))
        guard p.name(), let std = p.offset() else { return nil }
        standardOffset = -std
        if p.atEnd { return }
        guard p.name() else { return nil }
        var dst = standardOffset + 3600
        if !p.peek(","), let o = p.offset() { dst = -o }
        // A daylight name without rules takes the US rules POSIX names as the default.
        guard p.take(","), let s = p.change(), p.take(","), let e = p.change(), p.atEnd else { return nil }
        daylightOffset = dst
        start = s
        end = e
    }

    /// The offset in force at `utc` (Unix seconds).
    public func offset(at utc: Int64) -> Int {
        guard let (dst, s, e) = daylight else { return standardOffset }
        let year = UTCTime.civil(daysSinceEpoch: UTCTime.day(epochSeconds: utc + Int64(standardOffset))).0
        // Daylight starts at its local time in standard time, ends at its local time in daylight time.
        let begins = Self.instant(s, year: year) - Int64(standardOffset)
        let ends = Self.instant(e, year: year) - Int64(dst)
        let inDaylight = begins < ends ? (utc >= begins && utc < ends) : (utc >= begins || utc < ends)
        return inDaylight ? dst : standardOffset
    }

    /// The change's local time in `year`, as Unix seconds of that local time read as UTC.
    static func instant(_ c: Change, year: Int64) -> Int64 {
        let day: Int64
        switch c.day {
        case .julianNoLeap(let n):
            let jan1 = UTCTime.days(year: year, month: 1, day: 1)
            day = jan1 + Int64(n - 1) + (UTCTime.isLeap(year) && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            day = UTCTime.days(year: year, month: 1, day: 1) + Int64(n)
        case .monthWeek(let m, let w, let d):
            let first = UTCTime.days(year: year, month: Int64(m), day: 1)
            var found = first + Int64((d - UTCTime.weekday(daysSinceEpoch: first) + 7) % 7) + Int64(7 * (w - 1))
            let next = m == 12 ? UTCTime.days(year: year + 1, month: 1, day: 1) : UTCTime.days(year: year, month: Int64(m + 1), day: 1)
            while found >= next { found -= 7 }
            day = found
        }
        return day * 86_400 + Int64(c.time)
    }

    private struct Parser {
        let b: [UInt8]
        var i = 0
        init(_ b: [UInt8]) { self.b = b }
        var atEnd: Bool { i >= b.count }
        func peek(_ c: Character) -> Bool { i < b.count && b[i] == c.asciiValue }
        mutating func take(_ c: Character) -> Bool {
            guard peek(c) else { return false }
            i += 1
            return true
        }

        /// `CET` or `<+0330>`: three letters at least.
        mutating func name() -> Bool {
            if take("<") {
                while i < b.count, b[i] != UInt8(ascii: ">") { i += 1 }
                return take(">")
            }
            let from = i
            while i < b.count, (b[i] >= 65 && b[i] <= 90) || (b[i] >= 97 && b[i] <= 122) { i += 1 }
            return i - from >= 3
        }

        mutating func number(max: Int) -> Int? {
            let from = i
            var n = 0
            while i < b.count, b[i] >= 48, b[i] <= 57, i - from < 3 {
                n = n * 10 + Int(b[i] - 48)
                i += 1
            }
            return i > from && n <= max ? n : nil
        }

        /// `[+-]hh[:mm[:ss]]`, in seconds.
        mutating func offset(maxHours: Int = 24) -> Int? {
            let sign = take("-") ? -1 : (take("+") ? 1 : 1)
            guard let h = number(max: maxHours) else { return nil }
            var s = h * 3600
            if take(":") { guard let m = number(max: 59) else { return nil }; s += m * 60 }
            if take(":") { guard let x = number(max: 59) else { return nil }; s += x }
            return sign * s
        }

        mutating func change() -> Change? {
            let day: Day
            if take("M") {
                guard let m = number(max: 12), m >= 1, take("."), let w = number(max: 5), w >= 1, take("."),
                      let d = number(max: 6) else { return nil }
                day = .monthWeek(month: m, week: w, weekday: d)
            } else if take("J") {
                guard let n = number(max: 365), n >= 1 else { return nil }
                day = .julianNoLeap(n)
            } else {
                guard let n = number(max: 365) else { return nil }
                day = .zeroBased(n)
            }
            var time = 7200
            if take("/") { guard let t = offset(maxHours: 167) else { return nil }; time = t }
            return Change(day: day, time: time)
        }
    }
}
