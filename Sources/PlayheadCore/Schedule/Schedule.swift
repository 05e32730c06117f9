/// Opening hours: for each day, its parts (`schedule.DAYS = HH:MM TARGET, ...`), in a time zone.
/// What is in force at an instant is worked out afresh from the instant alone, so a clock
/// stepped forward or back by NTP, or a day without an hour (daylight saving), needs no
/// bookkeeping: the part whose start came last is in force. Before its first part, a day goes
/// on with the part in force at the end of the day before. Until the clock is trusted (set by
/// NTP or a real-time clock), the default playlist plays and the screen stays on.
///
/// A value, stepped by tests with any instants; the appliance asks it once a second.
public struct Schedule: Sendable, Hashable {
    public let days: [ScheduleDay: [SchedulePart]]
    public let zone: TimeZoneRules

    public init(days: [ScheduleDay: [SchedulePart]], zone: TimeZoneRules) {
        self.days = days
        self.zone = zone
    }

    public var isEmpty: Bool { days.isEmpty }

    /// What the screen shows at an instant, since when, and what comes next and when.
    public struct State: Sendable, Hashable {
        public var target: SchedulePart.Target
        /// The instant its part started (Unix seconds); nil: the default before any part, or an
        /// untrusted clock.
        public var since: Int64?
        public var next: (at: Int64, target: SchedulePart.Target)? {
            guard let nextAt, let nextTarget else { return nil }
            return (nextAt, nextTarget)
        }
        var nextAt: Int64?
        var nextTarget: SchedulePart.Target?
        /// The clock is not trusted yet: the default plays, whatever the schedule says.
        public var untrusted: Bool
    }

    /// The parts of local day `day` (counted from 1970-01-01): the most particular line's.
    public func parts(ofDay day: Int64) -> [SchedulePart] {
        days.filter { $0.key.covers(day) }.min { $0.key < $1.key }?.value ?? []
    }

    /// Each part of local days `from` to `to` with the instant it starts.
    func starts(from: Int64, to: Int64) -> [(at: Int64, part: SchedulePart)] {
        (from...to).flatMap { day in
            parts(ofDay: day).map { (zone.instant(ofLocal: day * 86_400 + Int64($0.start)), $0) }
        }
    }

    /// The state at `utc` (Unix seconds). A week back and ahead is looked at: a schedule whose
    /// lines all name days further apart than that is in force only on those days.
    public func state(at utc: Int64, clockTrusted: Bool) -> State {
        guard clockTrusted, !days.isEmpty else {
            return State(target: .defaultPlaylist, since: nil, nextAt: nil, nextTarget: nil, untrusted: !clockTrusted)
        }
        let today = UTCTime.day(epochSeconds: zone.local(utc))
        let all = starts(from: today - 8, to: today + 8)
        let current = all.last { $0.at <= utc }
        let target = current?.part.target ?? .defaultPlaylist
        let next = all.first { $0.at > utc && $0.part.target != target }
        return State(target: target, since: current?.at, nextAt: next?.at, nextTarget: next?.part.target, untrusted: false)
    }
}
