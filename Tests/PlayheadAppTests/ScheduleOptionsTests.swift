import PlayheadCore
@testable import PlayheadApp
import Testing

/// `schedule.DAYS` and `timezone` lines read into a Schedule; each bad one named.
@Suite struct ScheduleOptionsTests {
    let catalog = AppOptions.catalog

    private func settings(_ text: String) throws -> Settings { try settingsFromOptions(text) }

    @Test func daysAndTheirZoneAreRead() throws {
        let s = try settings("""
            timezone = Europe/Berlin
            schedule.weekdays = 08:00 /data/a.m3u, 20:00 off
            schedule.2026-12-25 = off
            """)
        let schedule = try #require(try ScheduleOptions.schedule(s).get())
        #expect(schedule.zone.name == "Europe/Berlin")
        #expect(schedule.days[.weekdays]?.map(\.target) == [.playlist("/data/a.m3u"), .off])
        #expect(schedule.days[.date(year: 2026, month: 12, day: 25)] == [SchedulePart(start: 0, target: .off)])
        #expect(try ScheduleOptions.schedule(settings("volume = 0.5\n")).get() == nil)
    }

    @Test func aBadLineIsRefusedWhenTheFileIsRead() {
        guard case .failure(let e) = OptionsFile.parse("schedule.daily = 8:00 off\n", path: "p.conf", catalog: catalog) else {
            Issue.record("a bad part was taken")
            return
        }
        #expect("\(e)".contains("'8:00' is not a time of day from 00:00 to 23:59"), "\(e)")
    }

    @Test func aBadDayOrZoneIsNamed() throws {
        guard case .failure(let day) = ScheduleOptions.schedule(try settings("schedule.someday = 08:00 off\n")) else {
            Issue.record("an unknown day was taken")
            return
        }
        #expect(day.message == "schedule.someday: 'someday' is not mon to sun, weekdays, weekend, daily or a date (2026-12-25)")
        guard case .failure(let missing) = ScheduleOptions.schedule(try settings("timezone = Mars/Olympus\nschedule.daily = 08:00 off\n")) else {
            Issue.record("a missing zone was taken")
            return
        }
        #expect(missing.message == "timezone: no zone Mars/Olympus in /usr/share/zoneinfo; install tzdata or give another name")
        // Never a path out of the zone folder.
        #expect(ScheduleOptions.zoneNameProblem("../../etc/passwd") != nil)
        #expect(ScheduleOptions.zoneNameProblem("/etc/passwd") != nil)
        #expect(ScheduleOptions.zoneNameProblem("America/Argentina/Buenos_Aires") == nil)
        #expect(ScheduleOptions.zoneNameProblem("Etc/GMT+5") == nil)
    }
}

/// Content sync's generation as the schedule's default playlist.
@Suite struct ScheduleDefaultTests {
    @Test func aNewDefaultIsTakenAndSaysWhetherTheDefaultPartPlays() throws {
        let s = try settingsFromOptions("schedule.daily = 08:00 /data/a.m3u\n")
        let schedule = try #require(try ScheduleOptions.schedule(s).get())
        let runner = ScheduleRunner(schedule: schedule, clockFile: "/nonexistent", defaultItems: [(location: "/data/old.mp4", title: nil, duration: nil)])
        // At start the default part is in force (until the schedule's first look says otherwise).
        #expect(runner.replaceDefault([(location: "/data/content/gen-2/a.mp4", title: nil, duration: nil)]))
    }
}
