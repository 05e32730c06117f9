@testable import PlayheadCore
import Testing

/// Forced modes' timings against the CEA-861 table and VESA's CVT reduced blanking figures
/// (the kernel's `cvt -r` gives the same).
struct ForcedModeTests {
    @Test func aTVModeGetsItsCEATimings() throws {
        let t = try ForcedMode.parse("1920x1080@60").get()
        #expect(t.clockKilohertz == 148_500 && t.hTotal == 2200 && t.vTotal == 1125)
        #expect(t.hSyncStart == 2008 && t.hSyncEnd == 2052 && t.vSyncStart == 1084 && t.vSyncEnd == 1089)
        #expect(t.refreshMillihertz == 60_000)
        let fifty = try ForcedMode.parse("1920x1080@50").get()
        #expect(fifty.hTotal == 2640 && fifty.refreshMillihertz == 50_000)
        #expect(try ForcedMode.parse("3840x2160@30").get().clockKilohertz == 297_000)
    }

    @Test func otherModesGetReducedBlanking() throws {
        let wide = try ForcedMode.parse("1920x1200@60").get()
        #expect(wide.clockKilohertz == 154_000 && wide.hTotal == 2080 && wide.vTotal == 1235)
        #expect(wide.hSyncStart == 1968 && wide.hSyncEnd == 2000 && wide.vSyncStart == 1203 && wide.vSyncEnd == 1209)
        #expect(wide.hSyncPositive && !wide.vSyncPositive)
        let xga = try ForcedMode.parse("1024x768@60").get()
        #expect(xga.clockKilohertz == 56_000 && xga.hTotal == 1184 && xga.vTotal == 790 && xga.vSyncEnd - xga.vSyncStart == 4)
        // 59.94 is not a whole rate: not CEA's 1080p60, reduced blanking at 59.94.
        let ntsc = try ForcedMode.parse("1920x1080@59.94").get()
        #expect(ntsc.hTotal == 2080)
        #expect(abs(ntsc.refreshMillihertz - 59_940) < 100)
    }

    @Test func aModeThatIsNotOneIsRefusedNamingTheOption() {
        for text in ["1920x1080", "axb@60", "1920x1080@0", "99999x1080@60", "1920x1080@nan", "1920x1080@60@60", ""] {
            guard case .failure(let e) = ForcedMode.parse(text) else { Issue.record("\(text) was taken"); continue }
            #expect(e.message.hasPrefix("display-force-mode: '\(text)' is not WIDTHxHEIGHT@HZ"))
        }
    }

    @Test func timingsMakeAModeThatCarriesThem() throws {
        let m = try ForcedMode.parse("1280x720@50").get().mode(preferred: true)
        #expect(m.description == "1280x720@50 (preferred)")
        #expect(m.timings?.hTotal == 1980)
    }
}
