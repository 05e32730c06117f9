import PlayheadCore
import PlayheadSys

/// Opening hours from the options file: `schedule.DAYS = HH:MM TARGET, ...` lines and the zone
/// they are read in (`timezone`), read into a Schedule.
enum ScheduleOptions {
    static let day = OptionKey.text("schedule.*", placeholder: "HH:MM TARGET,...", group: "schedule",
                                    help: "a day's parts (schedule.DAYS: \(ScheduleDay.usage)): \(SchedulePart.usage)",
                                    check: { text in
                                        if case .failure(let e) = SchedulePart.parseDay(text) { return e.message }
                                        return nil
                                    })
    static let timezone = OptionKey.text("timezone", placeholder: "AREA/CITY", group: "schedule",
                                         help: "the zone the schedule's and update-reboot's times are in, from Debian's tzdata (default: /etc/localtime's, else UTC)",
                                         check: { ScheduleOptions.zoneNameProblem($0) })

    static let change = OptionKey.choice("schedule-change", ["now", "item-end"], default: "now", live: true, group: "schedule",
                                         help: "when a part's change happens: now (within a second of its time) or item-end (when the item playing ends)")
    static let changeWait = OptionKey.integer("schedule-change-wait", 1...86_400, default: 600, live: true, group: "schedule",
                                              help: "with item-end: the most seconds a change waits for an item (a stream never ends)")

    static let declarations: [OptionDeclaration] = [day.declaration, timezone.declaration, change.declaration, changeWait.declaration]

    static let zoneFolder = "/usr/share/zoneinfo"

    /// nil when the name is a zone's name: letters, digits, `_+-`, parts apart by `/`, no `..`
    /// (a name is a path under the zone folder, and nothing outside it is read).
    static func zoneNameProblem(_ name: String) -> String? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        let fine = !name.isEmpty && name.utf8.count <= 64 && parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_+-".contains($0)) }
        }
        return fine ? nil : "'\(name)' is not a time zone's name (Europe/Berlin, America/New_York, UTC)"
    }

    /// The zone: the option's, else /etc/localtime's, else UTC.
    static func zone(_ settings: Settings) -> Result<TimeZoneRules, SpecError> {
        guard let name = settings[timezone], !name.isEmpty else {
            if case .success(let bytes) = FileInput.bytes("/etc/localtime", limit: 1 << 16),
               case .success(let rules) = TimeZoneRules.parse(name: "/etc/localtime", bytes) {
                return .success(rules)
            }
            return .success(.utc)
        }
        if let problem = zoneNameProblem(name) { return .failure(SpecError("timezone: \(problem)")) }
        switch FileInput.bytes("\(zoneFolder)/\(name)", limit: 1 << 16) {
        case .failure: return .failure(SpecError("timezone: no zone \(name) in \(zoneFolder); install tzdata or give another name"))
        case .success(let bytes): return TimeZoneRules.parse(name: name, bytes).mapError { SpecError("timezone: \($0.message)") }
        }
    }

    /// The schedule the options give, or nil when there is no `schedule.*` line.
    static func schedule(_ settings: Settings) -> Result<Schedule?, SpecError> {
        let members = settings.members(of: day)
        guard !members.isEmpty else { return .success(nil) }
        var days: [ScheduleDay: [SchedulePart]] = [:]
        for member in members {
            guard let text = member.value else { continue }
            let key = String(member.name.dropFirst("schedule.".count))
            guard let d = ScheduleDay(key) else { return .failure(SpecError("\(member.name): '\(key)' is not \(ScheduleDay.usage)")) }
            switch SchedulePart.parseDay(text) {
            case .failure(let e): return .failure(SpecError("\(member.name): \(e.message)"))
            case .success(let parts): days[d] = parts
            }
        }
        return zone(settings).map { Schedule(days: days, zone: $0) }
    }
}
