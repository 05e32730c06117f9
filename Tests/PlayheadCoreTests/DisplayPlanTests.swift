import Testing
import PlayheadCore

/// Connector, CRTC and plane choice on fake property tables shaped like real drivers.
@Suite struct DisplayPlanTests {
    static let rgb = ["XR24", "AR24", "RG16"].compactMap(FourCC.init)

    /// vkms as the board has it: Virtual-1, a writeback connector, one CRTC, RGB-only planes.
    static let vkms = KMSResources(
        connectors: [
            .init(id: 35, name: "Virtual-1", isConnected: true,
                  modes: [DisplayMode(width: 1024, height: 768, refreshMillihertz: 60000, isPreferred: true),
                          DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60000),
                          DisplayMode(width: 640, height: 480, refreshMillihertz: 60000)],
                  possibleCRTCs: 0b1),
            .init(id: 37, name: "Writeback-1", isConnected: false, isWriteback: true, modes: [], possibleCRTCs: 0b1),
        ],
        crtcs: [.init(id: 33, index: 0)],
        planes: [.init(id: 31, kind: .primary, formats: ["XR24", "XR48", "RG16"].compactMap(FourCC.init), possibleCRTCs: 0b1),
                 .init(id: 40, kind: .overlay, formats: ["AR24", "XR24", "XR48", "AR48", "RG16"].compactMap(FourCC.init), possibleCRTCs: 0b1),
                 .init(id: 32, kind: .cursor, formats: rgb, possibleCRTCs: 0b1)])

    /// Two outputs, the first unplugged, with a YUV overlay on the second CRTC only.
    static let twoHeads = KMSResources(
        connectors: [
            .init(id: 50, name: "HDMI-A-1", isConnected: false, modes: [], possibleCRTCs: 0b11),
            .init(id: 51, name: "HDMI-A-2", isConnected: true,
                  modes: [DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60000, isPreferred: true),
                          DisplayMode(width: 1920, height: 1080, refreshMillihertz: 24000)],
                  possibleCRTCs: 0b10, currentCRTC: 61),
        ],
        crtcs: [.init(id: 60, index: 0), .init(id: 61, index: 1)],
        planes: [.init(id: 70, kind: .primary, formats: rgb, possibleCRTCs: 0b01),
                 .init(id: 71, kind: .primary, formats: rgb, possibleCRTCs: 0b10),
                 .init(id: 72, kind: .overlay, formats: ["NV12", "YU12", "XR24"].compactMap(FourCC.init), possibleCRTCs: 0b10)])

    @Test func vkmsDefaultsToVirtualOnePreferredModeAndPrimaryPlaneInRGB() throws {
        let plan = try DisplayPlan.make(.init(), resources: Self.vkms).get()
        #expect(plan.connector.name == "Virtual-1")
        #expect(plan.mode.size == PixelSize(width: 1024, height: 768))
        #expect(plan.crtc.id == 33 && plan.plane.id == 31)
        #expect(plan.format == .convert(to: .xrgb8888))
    }

    @Test func namedConnectorModeAndOverlay() throws {
        let plan = try DisplayPlan.make(.init(connectorName: "virtual-1", mode: .size(width: 1920, height: 1080, refreshMillihertz: nil),
                                              plane: .overlay), resources: Self.vkms).get()
        #expect(plan.mode.width == 1920 && plan.plane.id == 40)
        #expect(try DisplayPlan.make(.init(plane: .id(40)), resources: Self.vkms).get().plane.kind == .overlay)
    }

    @Test func firstConnectedOutputOnAMultiHeadBoard() throws {
        let plan = try DisplayPlan.make(.init(plane: .overlay), resources: Self.twoHeads).get()
        #expect(plan.connector.name == "HDMI-A-2")
        #expect(plan.crtc.id == 61 && plan.plane.id == 72)
        // No direct scan-out: converted, even on a plane that takes the decoder's format.
        #expect(plan.format == .convert(to: .xrgb8888))
        let matched = try DisplayPlan.make(.init(mode: .matchContent, contentFrameRate: 24000), resources: Self.twoHeads).get()
        #expect(matched.mode.refreshMillihertz == 24000 && matched.plane.id == 71)
    }

    @Test func failuresNameWhatIsMissing() {
        func failure(_ r: DisplayPlan.Request, _ res: KMSResources) -> String {
            if case .failure(let f) = DisplayPlan.make(r, resources: res) { return f.description }
            return "no failure"
        }
        #expect(failure(.init(connectorName: "HDMI-A-1"), Self.twoHeads).contains("HDMI-A-1 has no display connected"))
        #expect(failure(.init(connectorName: "DP-1"), Self.vkms) == "there is no connector DP-1; this card has Virtual-1")
        #expect(failure(.init(mode: .size(width: 800, height: 600, refreshMillihertz: nil)), Self.vkms).contains("no mode"))
        #expect(failure(.init(plane: .id(99)), Self.vkms).contains("no id(99) plane"))
        let unplugged = KMSResources(connectors: [Self.twoHeads.connectors[0]], crtcs: Self.twoHeads.crtcs, planes: [])
        #expect(failure(.init(), unplugged).contains("no display is connected"))
    }

    @Test func withNoDisplayThePlanWaitsOnTheConnector() throws {
        let unplugged = KMSResources(connectors: [Self.twoHeads.connectors[0]], crtcs: Self.twoHeads.crtcs,
                                     planes: Self.twoHeads.planes)
        let plan = try DisplayPlan.make(.init(waitForDisplay: true), resources: unplugged).get()
        #expect(plan.connector.name == "HDMI-A-1" && !plan.isConnected)
        #expect(plan.mode == DisplayPlan.standInMode)
        // Named and unplugged: wait on it, rather than on another that happens to be connected.
        let named = try DisplayPlan.make(.init(connectorName: "HDMI-A-1", waitForDisplay: true), resources: Self.twoHeads).get()
        #expect(named.connector.name == "HDMI-A-1" && !named.isConnected)
        // Connected: waiting changes nothing.
        let connected = try DisplayPlan.make(.init(waitForDisplay: true), resources: Self.twoHeads).get()
        #expect(connected.connector.name == "HDMI-A-2" && connected.isConnected && connected.mode.width == 1920)
        // A connector that does not exist is still an error.
        #expect((try? DisplayPlan.make(.init(connectorName: "DP-1", waitForDisplay: true), resources: Self.vkms).get()) == nil)
    }

    @Test func bufferRingKeepsPendingQueuedAndCurrentApart() {
        var ring = BufferRing<Int>(count: 3)
        let a = ring.acquire()!, b = ring.acquire()!
        ring.queue(a)
        #expect(!ring.canQueue)
        #expect(ring.flipped() == nil)  // nothing was on screen before
        #expect(ring.current == a && ring.canQueue)
        ring.queue(b)
        let c = ring.acquire()!
        #expect(ring.acquire() == nil)  // a on screen, b queued, c being filled
        #expect(ring.flipped() == a)    // b shows, a is free again
        #expect(ring.states[a] == .free && ring.current == b)
        ring.release(c)                  // c's frame became late: never shown
        #expect(ring.states[c] == .free)
        let d = ring.acquire()!
        ring.queue(d)
        ring.commitFailed(d)
        #expect(ring.current == b && ring.queued == nil)
    }
}
