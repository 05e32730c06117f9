import PlayheadCore
import Testing

/// The clock line from the board's set-up, UTC dates, the data partition's device, the log's tail.
struct ClockAndBoardTests {
    @Test func theClockLineParses() {
        #expect(ClockReport.parse("synchronised=yes since=1764240000 source=ntp:10.0.2.2\n")
                == ClockReport(synchronised: true, sinceEpochSeconds: 1_764_240_000, source: "ntp:10.0.2.2"))
        #expect(ClockReport.parse("synchronised=no since=0 source=none") == ClockReport(synchronised: false, sinceEpochSeconds: 0, source: "none"))
        for bad in ["", "synchronised=maybe since=1 source=x", "synchronised=yes since=-5 source=x", "synchronised=yes source=x",
                    "synchronised=yes since=1 source=", "garbage"] {
            #expect(ClockReport.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func theStatusClockSaysWhenAndFromWhere() {
        let r = ClockReport.reply(ClockReport(synchronised: true, sinceEpochSeconds: 1_764_240_000, source: "ntp:10.0.2.2"))
        #expect(r.json == #"{"synchronised":true,"since":"2025-11-27T10:40:00Z","source":"ntp:10.0.2.2"}"#)
        #expect(ClockReport.reply(nil)["synchronised"] == .bool(false))
    }

    @Test func utcDatesAcrossLeapYearsAndTheEpoch() {
        #expect(UTCTime.iso8601(epochSeconds: 0) == "1970-01-01T00:00:00Z")
        #expect(UTCTime.iso8601(epochSeconds: 951_782_400) == "2000-02-29T00:00:00Z")
        #expect(UTCTime.iso8601(epochSeconds: 1_798_761_599) == "2026-12-31T23:59:59Z")
        #expect(UTCTime.iso8601(epochSeconds: 4_107_542_400) == "2100-03-01T00:00:00Z")
        #expect(UTCTime.iso8601(epochSeconds: -1) == "1969-12-31T23:59:59Z")
    }

    @Test func theDeepestMountHoldingThePathNamesTheDevice() {
        let info = """
        22 1 0:21 / / ro,relatime - squashfs /dev/vda2 ro
        30 22 254:3 / /data rw,relatime shared:5 - ext4 /dev/vda3 rw,data=journal
        31 22 0:25 / /run rw - tmpfs tmpfs rw
        """
        #expect(MountTable.device(holding: "/data/state/place", mountInfo: info) == "vda3")
        #expect(MountTable.device(holding: "/database", mountInfo: info) == "vda2")
        #expect(MountTable.device(holding: "/run/playhead/clock", mountInfo: info) == nil)
    }

    @Test func theLogTailKeepsTheNewestLines() {
        var lines = RecentLines(capacity: 3)
        for i in 1...5 { lines.append("line \(i)") }
        #expect(lines.newest(10) == ["line 3", "line 4", "line 5"])
        #expect(lines.newest(2) == ["line 4", "line 5"])
        #expect(lines.total == 5)
    }
}
