import PlayheadCore
import Testing

/// A display driven whatever its connector says: an HDMI extender that hides the TV's hot-plug
/// and EDID (the connector reads disconnected, or offers only a fallback).
struct ForcedDisplayTests {
    static func forced(_ text: String) throws -> ForcedDisplay {
        ForcedDisplay(modes: [try ForcedMode.parse(text).get().mode(preferred: true)], source: "display-force-mode \(text)")
    }

    @Test func anUnpluggedConnectorIsDrivenInTheForcedMode() throws {
        var request = DisplayPlan.Request(connectorName: "HDMI-A-1")
        request.forced = try Self.forced("1280x720@50")
        let plan = try DisplayPlan.make(request, resources: DisplayPlanTests.twoHeads).get()
        #expect(plan.connector.name == "HDMI-A-1" && plan.isConnected)
        #expect(plan.mode.description == "1280x720@50 (preferred)")
        #expect(plan.mode.timings?.hTotal == 1980)
        // Unforced, the same request fails: nothing is connected there.
        #expect(throws: DisplayPlan.Failure.notConnected("HDMI-A-1")) { try DisplayPlan.make(.init(connectorName: "HDMI-A-1"), resources: DisplayPlanTests.twoHeads).get() }
    }

    @Test func withNoConnectorNamedTheFirstConnectedOneIsForced() throws {
        var request = DisplayPlan.Request()
        request.forced = try Self.forced("1920x1080@24")
        let plan = try DisplayPlan.make(request, resources: DisplayPlanTests.twoHeads).get()
        #expect(plan.connector.name == "HDMI-A-2")
        // The connector lists 1080p at 24 Hz itself: its own mode (the kernel's timings) is used.
        #expect(plan.mode.timings == nil)
        #expect(plan.mode.description == "1920x1080@24 (preferred)")
    }

    @Test func aForcedDisplayNeverGoesAway() throws {
        let forced = try Self.forced("1280x720@60")
        let seen = forced.apply(isConnected: false, modes: [])
        #expect(seen.isConnected && seen.modes.map(\.description) == ["1280x720@60 (preferred)"])
        var hotplug = DisplayHotplug(connector: "HDMI-A-1", request: .preferred, mode: seen.modes[0], forced: forced)
        #expect(hotplug.connectorRead(isConnected: seen.isConnected, modes: seen.modes) == nil)
    }
}
