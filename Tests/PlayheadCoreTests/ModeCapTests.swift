import Testing
@testable import PlayheadCore

/// `display-mode-max`: a 4K TV driven at 1080p.
@Suite struct ModeCapTests {
    static let tv4K: [DisplayMode] = [
        DisplayMode(width: 3840, height: 2160, refreshMillihertz: 60000, isPreferred: true),
        DisplayMode(width: 3840, height: 2160, refreshMillihertz: 30000),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 50000),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60000),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 59940),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60000, isInterlaced: true),
        DisplayMode(width: 1280, height: 720, refreshMillihertz: 60000),
    ]

    @Test func aPreferredModeAboveTheCapGivesWayToTheLargestWithinAtItsRefresh() throws {
        let cap = try ModeCap.parse("1920x1080").get()
        let capped = cap.apply(Self.tv4K)
        #expect(capped.allSatisfy { $0.width <= 1920 && $0.height <= 1080 })
        #expect(capped.filter(\.isPreferred).map(\.description) == ["1920x1080@60 (preferred)"])
        #expect(try ModeChooser.choose(.preferred, from: capped).get() == DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60000, isPreferred: true))
        // A 50 Hz TV stays at 50 Hz.
        var tv50 = Self.tv4K
        tv50[0].refreshMillihertz = 50000
        #expect(cap.apply(tv50).first(where: \.isPreferred)?.refreshMillihertz == 50000)
    }

    @Test func aTVPluggedInLateOrAgainGetsTheCappedMode() throws {
        let cap = try ModeCap.parse("1920x1080").get()
        let standIn = DisplayMode(width: 1024, height: 768, refreshMillihertz: 60000)
        var hotplug = DisplayHotplug(connector: "HDMI-A-1", request: .preferred, mode: standIn, connected: false, cap: cap)
        guard case .show(let first, _)? = hotplug.connectorRead(isConnected: true, modes: Self.tv4K) else {
            Issue.record("no picture when the TV came")
            return
        }
        #expect(first.size == PixelSize(width: 1920, height: 1080) && first.refreshMillihertz == 60000)
        _ = hotplug.connectorRead(isConnected: false, modes: [])
        guard case .show(let again, _)? = hotplug.connectorRead(isConnected: true, modes: Self.tv4K) else {
            Issue.record("no picture when the TV came again")
            return
        }
        #expect(again == first)
    }

    @Test func aPreferredModeWithinTheCapIsKept() throws {
        let hd = [DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60000, isPreferred: true),
                  DisplayMode(width: 1280, height: 720, refreshMillihertz: 60000)]
        #expect(try ModeCap.parse("3840X2160").get().apply(hd) == hd)
        let small = try ModeCap.parse("1280x720").get()
        #expect(small.apply(hd).map(\.description) == ["1280x720@60 (preferred)"])
    }

    @Test func aCapNothingFitsLeavesTheModesAsOffered() throws {
        let tiny = try ModeCap.parse("640x480").get()
        #expect(tiny.apply(Self.tv4K) == Self.tv4K)
        #expect(tiny.exceeded(by: Self.tv4K))
        #expect(!tiny.exceeded(by: []))
    }

    @Test func badValuesAreRefusedByName() {
        for bad in ["1080p", "1920x", "x1080", "0x0", "1920x1080x2", "99999x1080"] {
            guard case .failure(let e) = ModeCap.parse(bad) else { Issue.record("\(bad) was taken"); continue }
            #expect(e.message.hasPrefix("display-mode-max: '\(bad)'"))
        }
    }
}
