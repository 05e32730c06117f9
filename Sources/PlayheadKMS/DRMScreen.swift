import PlayheadCore
import PlayheadSys
import Synchronization

/// The screen as playhead holds it: the card and DRM master, one connector and its CRTC, the
/// mode, hot-plug and writeback, taken once and put back as they were at the end. What shows
/// pictures on it (a plane and its buffers: KMSDriver) builds on it, so that more layers, the
/// screen's power or a tile of a video wall can too.
final class DRMScreen: @unchecked Sendable {
    let card: DRMCard
    /// The connector, CRTC, plane and mode; the mode changes on the presentation thread
    /// (hot-plug, content), with no flip outstanding.
    private(set) var plan: DisplayPlan
    let properties: ScreenProperties
    private(set) var modeBlob: UInt32
    private let saved: DRMCard.SavedCRTC?
    private var restored = false
    let writeback: WritebackCapture?
    var hotplug: DisplayHotplug
    var uevents: UeventSocket?
    /// The card's name as uevents give it ("card0").
    let cardName: String
    /// What `name` reads from any thread while the mode changes.
    private let described: Mutex<String>

    init(options: DRMOptions) throws(PlaybackError) {
        let card = try Self.openCard(options.card, waitForDisplay: options.plan.waitForDisplay)
        try card.becomeMaster()
        let resources = try card.readResources()
        let plan: DisplayPlan
        switch DisplayPlan.make(options.plan, resources: resources) {
        case .success(let p): plan = p
        case .failure(let f): throw PlaybackError(.deviceFailed, "\(card.path): \(f)")
        }
        if let cap = options.plan.modeCap, plan.isConnected, cap.exceeded(by: plan.connector.modes) {
            Log.warning("display: display-mode-max \(cap): \(plan.connector.name) offers no mode that small; it is driven in \(plan.mode) as offered")
        }
        if let forced = options.plan.forced {
            Log.info("display: \(plan.connector.name) is driven in \(plan.mode) whatever it reports (\(forced.source))")
        }
        if options.plan.mode == .matchContent, plan.isConnected {
            let rate = options.plan.contentFrameRate.map { MediaTime(value: Int64($0), timescale: 1000).secondsText + " fps content" } ?? "no known frame rate"
            Log.info("display: mode \(plan.mode) matches \(rate)")
        }
        properties = try ScreenProperties(connector: card.connectorProperties(plan.connector.id), crtc: card.crtcProperties(plan.crtc.id),
                                          device: card.path)
        // Waiting for a display: no mode to set yet (blob 0); the first display brings one.
        var blob: UInt32 = 0
        if plan.isConnected {
            guard let raw = card.rawMode(plan.mode, connector: plan.connector.id) else {
                throw PlaybackError(.deviceFailed, "\(card.path): mode \(plan.mode) vanished while setting up")
            }
            blob = try card.createModeBlob(raw)
        }
        self.card = card
        self.plan = plan
        modeBlob = blob
        saved = card.saveCRTC(plan.crtc.id)
        writeback = resources.connectors.first { $0.isWriteback && $0.possibleCRTCs & (1 << UInt32(plan.crtc.index)) != 0 }
            .flatMap { c in WritebackProperties(connector: c.id, table: card.connectorProperties(c.id)) }
            .map { WritebackCapture(properties: $0, card: card) }
        hotplug = DisplayHotplug(connector: plan.connector.name, request: options.plan.mode, mode: plan.mode, connected: plan.isConnected,
                                 contentFrameRate: options.plan.contentFrameRate, contentSize: options.plan.contentSize,
                                 cap: options.plan.modeCap, forced: options.plan.forced)
        cardName = card.path.split(separator: "/").last.map(String.init) ?? "card0"
        described = Mutex("")
        described.withLock { $0 = description }
    }

    var size: PixelSize { plan.mode.size }
    var canCapture: Bool { writeback != nil }
    var refreshNanoseconds: Int64 { Int64(1_000_000_000_000 / max(1, plan.mode.refreshMillihertz)) }
    /// For any thread: the card, connector, mode, CRTC and plane.
    var name: String { described.withLock { $0 } }

    private var description: String {
        "\(card.path) \(plan.connector.name) \(plan.isConnected ? plan.mode.description : "(no display yet)") CRTC \(plan.crtc.id) \(plan.plane.kind) plane \(plan.plane.id) \(plan.format)"
    }

    private static func openCard(_ path: String?, waitForDisplay: Bool) throws(PlaybackError) -> DRMCard {
        if let path { return try DRMCard.open(path) }
        var tried: [String] = []
        var firstWithOutputs: DRMCard?
        var openFailures: [PlaybackError] = []
        for n in 0..<8 {
            let p = "/dev/dri/card\(n)"
            guard DRMCard.exists(p) else { continue }
            tried.append(p)
            let card: DRMCard
            do throws(PlaybackError) { card = try DRMCard.open(p) } catch {
                openFailures.append(error)
                continue
            }
            guard let res = try? card.readResources() else { continue }
            if res.connectors.contains(where: { $0.isConnected && !$0.isWriteback }) { return card }
            if firstWithOutputs == nil, res.connectors.contains(where: { !$0.isWriteback }) { firstWithOutputs = card }
        }
        // Nothing connected anywhere: wait on the first card that could show something.
        if waitForDisplay, let firstWithOutputs { return firstWithOutputs }
        if tried.isEmpty { throw PlaybackError(.deviceFailed, "no display card in /dev/dri; load the display driver or use --video-output null") }
        // Not one card would open (permissions, most often): that is the reason, not the display.
        if openFailures.count == tried.count, let first = openFailures.first { throw first }
        throw PlaybackError(.deviceFailed, "no display is connected to \(tried.joined(separator: ", ")); plug one in or name a card with --drm-card")
    }

    /// The full commit of our mode, with `plane` (the first, black, buffer) on it.
    /// `attachWriteback`: the writeback connector joins the CRTC now (see WritebackCapture).
    func modeset(plane: [AtomicValue], attachWriteback: Bool = false) throws(PlaybackError) {
        var attach = attachWriteback ? writeback?.attachValues(crtc: plan.crtc.id) ?? [] : []
        // A driver that will not share the CRTC with the connector yet: the capture attaches it.
        if !attach.isEmpty, card.commit(modesetValues(plane) + attach, [.testOnly, .allowModeset]) != nil { attach = [] }
        if let e = card.commit(modesetValues(plane) + attach, .allowModeset) {
            throw PlaybackError(.deviceFailed, "\(card.path): the kernel refused mode \(plan.mode) on \(plan.connector.name) (\(e))")
        }
        if !attach.isEmpty { writeback?.markAttached() }
    }

    /// The CRTC made inactive with its mode and planes kept (DPMS off: the monitor sleeps).
    func switchOff() throws(PlaybackError) {
        if let e = card.commit([AtomicValue(object: plan.crtc.id, property: properties.crtcActive, value: 0)], .allowModeset) {
            throw PlaybackError(.deviceFailed, "\(card.path): the kernel refused to switch CRTC \(plan.crtc.id) off (\(e))")
        }
    }

    /// Whether the kernel would take our mode with `planes` on it (a TEST_ONLY commit): how the
    /// display controller asks which planes its layers can have before anything is shown.
    func testModeset(planes: [AtomicValue]) -> AtomicCommitError? {
        card.commit(modesetValues(planes), [.testOnly, .allowModeset])
    }

    private func modesetValues(_ planes: [AtomicValue]) -> [AtomicValue] {
        [
            AtomicValue(object: plan.connector.id, property: properties.connectorCRTC, value: UInt64(plan.crtc.id)),
            AtomicValue(object: plan.crtc.id, property: properties.crtcMode, value: UInt64(modeBlob)),
            AtomicValue(object: plan.crtc.id, property: properties.crtcActive, value: 1),
        ] + planes
    }

    /// Makes `mode` the one the next `modeset` sets: a new mode blob when it differs (or none
    /// was made yet, the display having been absent).
    func use(_ mode: DisplayMode) throws(PlaybackError) {
        guard mode != plan.mode || modeBlob == 0 else { return }
        guard let raw = card.rawMode(mode, connector: plan.connector.id) else {
            throw PlaybackError(.deviceFailed, "\(card.path): mode \(mode) vanished while setting it")
        }
        let blob = try card.createModeBlob(raw)
        if modeBlob != 0 { card.destroyBlob(modeBlob) }
        modeBlob = blob
        plan.mode = mode
        plan.isConnected = true
        described.withLock { $0 = description }
    }

    /// Queues a flip to the plane state `plane` at the next vblank, capturing the composed
    /// screen when `capture` and the card can; the flip event carries `userData`. Returns nil
    /// (or why the kernel refused: EBUSY while a flip is pending) and the capture's fence.
    /// The whole plane state goes with each flip: the previous one may have been scaled or YUV.
    func flip(_ plane: [AtomicValue], userData: UInt64, capture: Bool) -> (AtomicCommitError?, fence: Int32?) {
        if capture, let writeback { return writeback.flip(plane, crtc: plan.crtc.id, mode: plan.mode, userData: userData) }
        return (card.commit(plane, [.nonBlocking, .pageFlipEvent], userData: userData), nil)
    }

    func waitForFlips(timeoutMilliseconds: Int32) -> [FlipEvent] { card.waitForFlips(timeoutMilliseconds: timeoutMilliseconds) }

    /// Puts the screen back as it was (or off, when nothing was on it, with `planesOff` taking
    /// our planes off), frees what `releaseBuffers` frees while still master, and lets go.
    func restore(planesOff: [AtomicValue], releaseBuffers: () -> Void) {
        guard !restored else { return }
        restored = true
        let attached = writeback.flatMap { $0.attached ? (connector: $0.properties.connector, crtcProperty: $0.properties.crtc) : nil }
        ScreenRestore(saved: saved, connector: plan.connector.id, crtc: plan.crtc.id, planesOff: planesOff, properties: properties,
                      writeback: attached, modeBlob: modeBlob).run(on: card) {
            releaseBuffers()
            writeback?.release()
        }
    }
}
