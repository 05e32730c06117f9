import Testing
@testable import PlayheadCore

/// Opening hours in Berlin, stepped through with any instants: the virtual clock is the
/// instant given.
@Suite struct ScheduleTests {
    func utc(_ y: Int64, _ mo: Int64, _ d: Int64, _ h: Int64 = 0, _ mi: Int64 = 0, _ s: Int64 = 0) -> Int64 {
        TimeZoneRulesTests.utc(y, mo, d, h, mi, s)
    }

    func schedule(_ lines: [(String, String)]) throws -> Schedule {
        var days: [ScheduleDay: [SchedulePart]] = [:]
        for (day, text) in lines {
            guard let d = ScheduleDay(day) else { throw SpecError("\(day)") }
            days[d] = try SchedulePart.parseDay(text).get()
        }
        return Schedule(days: days, zone: try TimeZoneRulesTests.zone("Europe/Berlin"))
    }

    var shop: Schedule {
        get throws {
            try schedule([("daily", "08:00 /data/morning.m3u, 12:00 default, 20:00 off"),
                          ("sat", "10:00 /data/weekend.m3u, 18:00 off"),
                          ("2026-12-25", "off")])
        }
    }

    @Test func theDaysPartsFollowTheLocalClock() throws {
        let s = try shop
        // Tuesday 2026-12-01, winter (UTC+1). 07:59 local: still last night's off.
        let early = s.state(at: utc(2026, 12, 1, 6, 59), clockTrusted: true)
        #expect(early.target == .off)
        #expect(early.since == utc(2026, 11, 30, 19))
        #expect(early.next?.at == utc(2026, 12, 1, 7))
        #expect(early.next?.target == .playlist("/data/morning.m3u"))
        #expect(s.state(at: utc(2026, 12, 1, 7), clockTrusted: true).target == .playlist("/data/morning.m3u"))
        #expect(s.state(at: utc(2026, 12, 1, 11), clockTrusted: true).target == .defaultPlaylist)
        #expect(s.state(at: utc(2026, 12, 1, 19), clockTrusted: true).target == .off)
    }

    @Test func aWeekdaysLineWinsOverDailyAndADateOverBoth() throws {
        let s = try shop
        // Saturday 2026-12-05: 09:00 local is Friday night's off, 10:00 the weekend's playlist.
        #expect(s.state(at: utc(2026, 12, 5, 8), clockTrusted: true).target == .off)
        #expect(s.state(at: utc(2026, 12, 5, 9), clockTrusted: true).target == .playlist("/data/weekend.m3u"))
        #expect(s.state(at: utc(2026, 12, 5, 17), clockTrusted: true).target == .off)
        // Christmas (a Friday) is off all day; the next change is Saturday's 10:00, not the 25th's 08:00.
        let christmas = s.state(at: utc(2026, 12, 25, 11), clockTrusted: true)
        #expect(christmas.target == .off)
        #expect(christmas.next?.at == utc(2026, 12, 26, 9))
    }

    @Test func partsAcrossDaylightSavingChangesInBothDirections() throws {
        let s = try schedule([("daily", "02:30 /data/night.m3u, 06:00 off")])
        // 2026-03-29: 02:30 never comes; the part starts when the clock jumps to 03:00 (01:00 UTC).
        #expect(s.state(at: utc(2026, 3, 29, 0, 59, 59), clockTrusted: true).target == .off)
        #expect(s.state(at: utc(2026, 3, 29, 1), clockTrusted: true).target == .playlist("/data/night.m3u"))
        // 06:00 summer time is 04:00 UTC.
        #expect(s.state(at: utc(2026, 3, 29, 4), clockTrusted: true).target == .off)
        // 2026-10-25: 02:30 comes twice; the part starts the first time (00:30 UTC), once.
        #expect(s.state(at: utc(2026, 10, 25, 0, 30), clockTrusted: true).target == .playlist("/data/night.m3u"))
        #expect(s.state(at: utc(2026, 10, 25, 1, 30), clockTrusted: true).since == utc(2026, 10, 25, 0, 30))
        // 06:00 winter time is 05:00 UTC.
        #expect(s.state(at: utc(2026, 10, 25, 4, 59), clockTrusted: true).target == .playlist("/data/night.m3u"))
        #expect(s.state(at: utc(2026, 10, 25, 5), clockTrusted: true).target == .off)
    }

    @Test func aLeapDayIsADateOnlyInALeapYear() throws {
        #expect(ScheduleDay("2028-02-29") == .date(year: 2028, month: 2, day: 29))
        #expect(ScheduleDay("2027-02-29") == nil)
        #expect(ScheduleDay("2100-02-29") == nil)
        let s = try schedule([("daily", "08:00 default"), ("2028-02-29", "off")])
        #expect(s.state(at: utc(2028, 2, 29, 12), clockTrusted: true).target == .off)
        #expect(s.state(at: utc(2028, 3, 1, 12), clockTrusted: true).target == .defaultPlaylist)
        #expect(s.state(at: utc(2028, 2, 29, 12), clockTrusted: true).next?.at == utc(2028, 3, 1, 7))
    }

    /// NTP steps the clock: the state is worked out from the instant alone, so a step back
    /// across a change brings the part before it back, and a step forward the one after.
    @Test func aClockSteppedForwardOrBackGetsThePartOfItsNewTime() throws {
        let s = try shop
        let morning = utc(2026, 12, 1, 7, 30)
        #expect(s.state(at: morning, clockTrusted: true).target == .playlist("/data/morning.m3u"))
        #expect(s.state(at: morning - 3600, clockTrusted: true).target == .off)
        #expect(s.state(at: morning + 5 * 3600, clockTrusted: true).target == .defaultPlaylist)
    }

    @Test func untilTheClockIsTrustedTheDefaultPlays() throws {
        let state = try shop.state(at: utc(2026, 12, 25, 11), clockTrusted: false)
        #expect(state.target == .defaultPlaylist)
        #expect(state.untrusted)
        #expect(state.next == nil)
    }

    @Test func badPartsAreNamed() {
        let cases = [("08:00", "'08:00' is not HH:MM TARGET; give HH:MM TARGET, ... (TARGET: a playlist or folder, default, or off)"),
                     ("8:00 off", "'8:00' is not a time of day from 00:00 to 23:59"),
                     ("24:00 off", "'24:00' is not a time of day from 00:00 to 23:59"),
                     ("12:00 off, 08:00 default", "08:00 comes after a later or equal time; give the times in order")]
        for (text, message) in cases {
            guard case .failure(let e) = SchedulePart.parseDay(text) else {
                Issue.record("'\(text)' was taken")
                continue
            }
            #expect(e.message == message)
        }
        #expect(ScheduleDay("someday") == nil)
    }
}
