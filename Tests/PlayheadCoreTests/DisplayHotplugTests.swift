import Testing
import PlayheadCore

@Suite struct DisplayHotplugTests {
    let hd = DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60000, isPreferred: true)
    let xga = DisplayMode(width: 1024, height: 768, refreshMillihertz: 60000)
    let vga = DisplayMode(width: 640, height: 480, refreshMillihertz: 60000, isPreferred: true)

    @Test func unplugHidesOnceAndReplugShowsTheSameMode() {
        var h = DisplayHotplug(connector: "HDMI-A-1", request: .preferred, mode: hd)
        guard case .hide(let line)? = h.connectorRead(isConnected: false, modes: []) else { Issue.record("expected hide"); return }
        #expect(line.contains("HDMI-A-1 was disconnected") && line.contains("sound goes on"))
        #expect(h.connectorRead(isConnected: false, modes: []) == nil)
        #expect(h.connectorRead(isConnected: true, modes: [hd, xga]) == .show(hd, "display: HDMI-A-1 is connected again; showing in \(hd)"))
        // A hot-plug event that changes nothing for us says nothing.
        #expect(h.connectorRead(isConnected: true, modes: [hd, xga]) == nil)
    }

    @Test func aDisplayWithoutTheModeInUseGetsTheRequestedOrPreferredOne() {
        var h = DisplayHotplug(connector: "HDMI-A-1", request: .size(width: 1024, height: 768, refreshMillihertz: nil), mode: xga)
        _ = h.connectorRead(isConnected: false, modes: [])
        let smaller = DisplayMode(width: 1024, height: 768, refreshMillihertz: 75000, isPreferred: false)
        #expect(h.connectorRead(isConnected: true, modes: [vga, smaller]) == .show(smaller, "display: HDMI-A-1 is connected again; showing in \(smaller), as \(xga) is no longer offered"))
        var p = DisplayHotplug(connector: "HDMI-A-1", request: .size(width: 1920, height: 1080, refreshMillihertz: nil), mode: hd)
        // Swapped for a smaller screen while connected: the preferred mode of the new one.
        #expect(p.connectorRead(isConnected: true, modes: [vga]) == .show(vga, "display: HDMI-A-1 is connected again; showing in \(vga), as \(hd) is no longer offered"))
        #expect(p.mode == vga)
    }

    @Test func aFirstDisplayMatchesTheContentRateWhenAsked() {
        let hd50 = DisplayMode(width: 1920, height: 1080, refreshMillihertz: 50000)
        var h = DisplayHotplug(connector: "HDMI-A-1", request: .matchContent, mode: DisplayPlan.standInMode,
                               connected: false, contentFrameRate: 25000)
        #expect(h.connectorRead(isConnected: true, modes: [hd, hd50]) == .show(hd50, "display: HDMI-A-1 is connected; showing in \(hd50)"))
        var unknown = DisplayHotplug(connector: "HDMI-A-1", request: .matchContent, mode: DisplayPlan.standInMode, connected: false)
        #expect(unknown.connectorRead(isConnected: true, modes: [hd, hd50]) == .show(hd, "display: HDMI-A-1 is connected; showing in \(hd)"))
    }

    @Test func startedWithoutADisplayTheFirstOneGetsTheRequestedMode() {
        var h = DisplayHotplug(connector: "Virtual-1", request: .size(width: 640, height: 480, refreshMillihertz: nil),
                               mode: xga, connected: false)
        #expect(h.waitingLine == "display: no display is connected to Virtual-1; waiting for one (sound goes on)")
        #expect(h.connectorRead(isConnected: false, modes: []) == nil)
        // Even a display whose mode equals the stand-in must be set up: nothing was shown yet.
        var same = DisplayHotplug(connector: "Virtual-1", request: .preferred, mode: xga, connected: false)
        #expect(same.connectorRead(isConnected: true, modes: [xga]) == .show(xga, "display: Virtual-1 is connected; showing in \(xga)"))
        #expect(h.connectorRead(isConnected: true, modes: [xga, vga]) == .show(vga, "display: Virtual-1 is connected; showing in \(vga)"))
        #expect(h.connected && h.mode == vga)
        // From then on, as any display: unplugged and back is "again".
        _ = h.connectorRead(isConnected: false, modes: [])
        #expect(h.connectorRead(isConnected: true, modes: [xga, vga]) == .show(vga, "display: Virtual-1 is connected again; showing in \(vga)"))
    }

    @Test func aDisplayWithNoModesIsTreatedAsAbsent() {
        var h = DisplayHotplug(connector: "Virtual-1", request: .preferred, mode: xga)
        guard case .hide? = h.connectorRead(isConnected: true, modes: []) else { Issue.record("expected hide"); return }
        #expect(!h.connected)
    }

    @Test func ueventsAreParsedAndDRMHotplugsRecognised() {
        let raw = Array("change@/devices/platform/vkms/drm/card0\0ACTION=change\0DEVPATH=/devices/platform/vkms/drm/card0\0SUBSYSTEM=drm\0HOTPLUG=1\0DEVNAME=dri/card0\0SEQNUM=1234\0".utf8)
        let e = Uevent.parse(raw)
        #expect(e?.action == "change")
        #expect(e?.isDisplayHotplug(card: "card0") == true)
        #expect(e?.isDisplayHotplug(card: "card1") == false)
        #expect(Uevent.parse(Array("libudev\0\u{fe}\u{ed}".utf8)) == nil)
        let synthetic = Uevent.parse(Array("change@/devices/platform/vkms/drm/card0\0ACTION=change\0SUBSYSTEM=drm\0DEVNAME=dri/card0\0SYNTH_UUID=0\0".utf8))
        #expect(synthetic?.isDisplayHotplug(card: "card0") == true)
        let added = Uevent.parse(Array("add@/devices/platform/vkms/drm/card10\0ACTION=add\0SUBSYSTEM=drm\0DEVNAME=dri/card10\0".utf8))
        #expect(added?.isDisplayHotplug(card: "card0") == false)
        let sound = Uevent.parse(Array("add@/devices/virtual/sound/card1\0ACTION=add\0SUBSYSTEM=sound\0".utf8))
        #expect(sound?.isDisplayHotplug(card: "card0") == false)
    }
}
