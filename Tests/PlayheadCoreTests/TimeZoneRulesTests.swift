import Glibc
import Testing
@testable import PlayheadCore

/// Debian's tzdata read as playhead reads it, and POSIX rules on their own.
@Suite struct TimeZoneRulesTests {
    static func zone(_ name: String) throws -> TimeZoneRules {
        try TimeZoneRules.parse(name: name, bytes(of: name)).get()
    }

    static func bytes(of name: String) throws -> [UInt8] {
        let path = "/usr/share/zoneinfo/\(name)"
        guard let f = fopen(path, "rb") else { throw SpecError("\(path) is missing: install tzdata (make deps does)") }
        defer { fclose(f) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }

    /// Unix seconds of a UTC date and time.
    static func utc(_ y: Int64, _ mo: Int64, _ d: Int64, _ h: Int64 = 0, _ mi: Int64 = 0, _ s: Int64 = 0) -> Int64 {
        UTCTime.days(year: y, month: mo, day: d) * 86_400 + h * 3600 + mi * 60 + s
    }

    @Test func berlinChangesAtOneInTheMorningUTCBothWays() throws {
        let berlin = try Self.zone("Europe/Berlin")
        #expect(berlin.offset(at: Self.utc(2026, 3, 29, 0, 59, 59)) == 3600)
        #expect(berlin.offset(at: Self.utc(2026, 3, 29, 1)) == 7200)
        #expect(berlin.offset(at: Self.utc(2026, 10, 25, 0, 59, 59)) == 7200)
        #expect(berlin.offset(at: Self.utc(2026, 10, 25, 1)) == 3600)
        // Past the file's transitions (2037): its footer's rule.
        #expect(berlin.offset(at: Self.utc(2100, 7, 1)) == 7200)
        #expect(berlin.offset(at: Self.utc(2100, 12, 1)) == 3600)
        // Before the first transition: local mean time, 0:53:28.
        #expect(berlin.offset(at: Self.utc(1850, 1, 1)) == 3208)
    }

    @Test func aLocalTimeInTheSpringGapComesWhenTheClockJumpsAndOneInTheAutumnFirstTime() throws {
        let berlin = try Self.zone("Europe/Berlin")
        let local = { (y: Int64, mo: Int64, d: Int64, h: Int64, mi: Int64) in Self.utc(y, mo, d, h, mi) }
        // 02:30 never comes on 2026-03-29: the clock jumps from 02:00 to 03:00 (01:00 UTC).
        #expect(berlin.instant(ofLocal: local(2026, 3, 29, 2, 30)) == Self.utc(2026, 3, 29, 1))
        // 02:30 comes twice on 2026-10-25: first at 00:30 UTC.
        #expect(berlin.instant(ofLocal: local(2026, 10, 25, 2, 30)) == Self.utc(2026, 10, 25, 0, 30))
        #expect(berlin.instant(ofLocal: local(2026, 7, 1, 12, 0)) == Self.utc(2026, 7, 1, 10))
    }

    @Test func posixRulesOfBothHemispheresAndANegativeSummer() {
        let newYork = PosixTimeZone("EST5EDT,M3.2.0,M11.1.0")
        #expect(newYork?.offset(at: Self.utc(2026, 3, 8, 6, 59, 59)) == -5 * 3600)
        #expect(newYork?.offset(at: Self.utc(2026, 3, 8, 7)) == -4 * 3600)
        #expect(newYork?.offset(at: Self.utc(2026, 11, 1, 5, 59, 59)) == -4 * 3600)
        #expect(newYork?.offset(at: Self.utc(2026, 11, 1, 6)) == -5 * 3600)
        // Sydney: summer across the year's end.
        let sydney = PosixTimeZone("AEST-10AEDT,M10.1.0,M4.1.0/3")
        #expect(sydney?.offset(at: Self.utc(2026, 1, 15)) == 11 * 3600)
        #expect(sydney?.offset(at: Self.utc(2026, 7, 1)) == 10 * 3600)
        // Dublin: "standard" time is summer's, winter is the negative daylight saving.
        let dublin = PosixTimeZone("IST-1GMT0,M10.5.0,M3.5.0/1")
        #expect(dublin?.offset(at: Self.utc(2026, 1, 15)) == 0)
        #expect(dublin?.offset(at: Self.utc(2026, 7, 1)) == 3600)
        #expect(PosixTimeZone("<+0330>-3:30")?.offset(at: 0) == 12_600)
        #expect(PosixTimeZone("UTC0")?.offset(at: 0) == 0)
        #expect(PosixTimeZone("nonsense") == nil)
        #expect(PosixTimeZone("CET-1CEST,M13.5.0,M10.5.0/3") == nil)
    }

    @Test func aDamagedFileIsRefusedByName() throws {
        guard case .failure(let e) = TimeZoneRules.parse(name: "Bad/Zone", Array("TZif1".utf8) + [UInt8](repeating: 0, count: 40)) else {
            Issue.record("a version 1 file was taken")
            return
        }
        #expect(e.message == "Bad/Zone: not a TZif file of version 2 or later")
        // The real file cut in the middle of its 64-bit block, and counts that run past the end.
        let berlin = try Self.bytes(of: "Europe/Berlin")
        #expect((try? TimeZoneRules.parse(name: "Half", Array(berlin.prefix(berlin.count * 3 / 4))).get()) == nil)
        var bytes = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
        bytes += [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 1, 0, 0, 0, 0]
        guard case .failure(let cut) = TimeZoneRules.parse(name: "Cut", bytes) else {
            Issue.record("a file cut short was taken")
            return
        }
        #expect(cut.message == "Cut: a TZif file cut short or damaged")
        // Counts beyond the file's size are not followed.
        var huge = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
        huge += [UInt8](repeating: 0xFF, count: 24)
        #expect((try? TimeZoneRules.parse(name: "Huge", huge).get()) == nil)
    }
}
