import PlayheadCore
import PlayheadSys

/// The display as playback uses it: one connector, mode, CRTC and plane, a ring of full-screen
/// buffers, flips by atomic commits, and the previous state put back at the end.
final class DRMDisplay: @unchecked Sendable {
    let card: DRMCard
    /// `plan`, the buffers and the mode change only on the presentation thread (hot-plug).
    var plan: DisplayPlan
    var buffers: [DumbBuffer]
    var canvases: [MappedCanvas]
    let props: ScreenProperties
    /// The plane's properties, looked up once.
    let plane: PlaneProperties
    var modeBlob: UInt32
    private let saved: DRMCard.SavedCRTC?
    private var restored = false
    private let writeback: WritebackProperties?
    private var captureBuffer: DumbBuffer?
    private var captureCanvas: MappedCanvas?
    /// Picture-sized buffers for when the plane scales (see `ScalerChoice`); empty otherwise.
    var contentBuffers: [DumbBuffer] = []
    var contentCanvases: [MappedCanvas] = []
    /// A previous picture size's buffers, one of which may still be on screen until the next flip.
    var retiredBuffers: [DumbBuffer] = []
    /// Picture-sized YUV buffers for direct scan-out (see `ScanoutChoice`); empty otherwise.
    var directBuffers: [DumbBuffer] = []
    var directCanvases: [MappedCanvas] = []
    /// The turns the plane can do; empty without a `rotation` property.
    var planeRotations: Set<PictureRotation> { plane.turns }

    var canCapture: Bool { writeback != nil }

    var screen: PixelSize { plan.mode.size }
    var bytesPerPixel: Int { plan.format.format == .rgb565 ? 2 : 4 }

    var description: String {
        "\(card.path) \(plan.connector.name) \(plan.isConnected ? plan.mode.description : "(no display yet)") CRTC \(plan.crtc.id) \(plan.plane.kind) plane \(plan.plane.id) \(plan.format)"
    }

    init(options: DRMOptions) throws(PlaybackError) {
        let card = try Self.openCard(options.card, waitForDisplay: options.plan.waitForDisplay)
        try card.becomeMaster()
        let resources = try card.readResources()
        let plan: DisplayPlan
        switch DisplayPlan.make(options.plan, resources: resources) {
        case .success(let p): plan = p
        case .failure(let f): throw PlaybackError(.deviceFailed, "\(card.path): \(f)")
        }
        if options.plan.mode == .matchContent, plan.isConnected {
            let rate = options.plan.contentFrameRate.map { MediaTime(value: Int64($0), timescale: 1000).secondsText + " fps content" } ?? "no known frame rate"
            Log.info("display: mode \(plan.mode) matches \(rate)")
        }
        let props = try ScreenProperties(connector: card.connectorProperties(plan.connector.id), crtc: card.crtcProperties(plan.crtc.id),
                                         device: card.path)
        let plane = try PlaneProperties(plane: plan.plane.id, table: card.planeProperties(plan.plane.id), device: card.path) {
            card.enumValues(ofProperty: $0)
        }
        // Waiting for a display: no mode to set yet (blob 0); the first display brings one.
        var blob: UInt32 = 0
        if plan.isConnected {
            guard let raw = card.rawMode(plan.mode, connector: plan.connector.id) else {
                throw PlaybackError(.deviceFailed, "\(card.path): mode \(plan.mode) vanished while setting up")
            }
            blob = try card.createModeBlob(raw)
        }
        var made: [DumbBuffer] = []
        var canvases: [MappedCanvas] = []
        let bpp = plan.format.format == .rgb565 ? 16 : 32
        for _ in 0..<options.buffers {
            let b = try card.createDumbBuffer(width: plan.mode.width, height: plan.mode.height, bitsPerPixel: bpp)
            b.framebuffer = try card.addFramebuffer(b, format: plan.format.format)
            made.append(b)
            canvases.append(b.canvas(format: plan.format.format))
        }
        self.card = card
        self.plan = plan
        self.buffers = made
        self.canvases = canvases
        self.props = props
        self.plane = plane
        self.modeBlob = blob
        let yuv = YUVPlaneLayout.formats.filter(plan.plane.formats.contains)
        Log.info("display: plane \(plan.plane.id) takes \(yuv.isEmpty ? "no YUV" : yuv.map(\.description).joined(separator: ", "))\(plane.color == nil ? "" : " with COLOR_ENCODING and COLOR_RANGE")")
        self.saved = card.saveCRTC(plan.crtc.id)
        self.writeback = resources.connectors.first { $0.isWriteback && $0.possibleCRTCs & (1 << UInt32(plan.crtc.index)) != 0 }
            .flatMap { c in WritebackProperties(connector: c.id, table: card.connectorProperties(c.id)) }
        if plan.isConnected { try modeset() }
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

    /// The first commit: our mode, the first (black) buffer on the plane.
    func modeset() throws(PlaybackError) {
        var values = [
            AtomicValue(object: plan.connector.id, property: props.connectorCRTC, value: UInt64(plan.crtc.id)),
            AtomicValue(object: plan.crtc.id, property: props.crtcMode, value: UInt64(modeBlob)),
            AtomicValue(object: plan.crtc.id, property: props.crtcActive, value: 1),
        ]
        values += planeValues(buffer: 0)
        if let e = card.commit(values, .allowModeset) {
            throw PlaybackError(.deviceFailed, "\(card.path): the kernel refused mode \(plan.mode) on \(plan.connector.name) (\(e))")
        }
    }

    func planeValues(buffer: Int) -> [AtomicValue] {
        planeValues(framebuffer: buffers[buffer].framebuffer, source: screen, destination: PixelRect(size: screen))
    }

    /// The plane showing `framebuffer`'s top-left `source` pixels on `destination`.
    func planeValues(framebuffer: UInt32, source: PixelSize, destination: PixelRect) -> [AtomicValue] {
        planeValues(framebuffer: framebuffer, source: PixelRect(size: source), destination: destination)
    }

    /// The plane showing `framebuffer`'s `source` rectangle on `destination`, turned by
    /// `rotation`. Where the plane has a rotation property every commit sets it: a turn set for
    /// one picture must not stay for the next.
    func planeValues(framebuffer: UInt32, source: PixelRect, destination: PixelRect, rotation: PictureRotation = .none) -> [AtomicValue] {
        plane.values(framebuffer: framebuffer, crtc: plan.crtc.id, source: source, destination: destination, rotation: rotation)
    }

    /// Queues a flip to the plane state `plane` (see `planeValues` and `directPlaneValues`) at
    /// the next vblank; the flip event carries `userData`. Returns nil or why the kernel
    /// refused (EBUSY: a flip is still pending). The whole plane state goes with each flip: the
    /// previous one may have been scaled or YUV.
    func flip(_ plane: [AtomicValue], userData: UInt64) -> AtomicCommitError? {
        card.commit(plane, [.nonBlocking, .pageFlipEvent], userData: userData)
    }

    /// Like `flip`, and captures the composed screen through writeback. Returns the errno and
    /// the fence that signals when the capture is complete (-1: none).
    func flipCapturing(_ plane: [AtomicValue], userData: UInt64) -> (AtomicCommitError?, Int32) {
        guard let wb = writeback else { return (flip(plane, userData: userData), -1) }
        if captureBuffer == nil {
            do throws(PlaybackError) {
                let b = try card.createDumbBuffer(width: plan.mode.width, height: plan.mode.height, bitsPerPixel: 32)
                b.framebuffer = try card.addFramebuffer(b, format: .xrgb8888)
                captureBuffer = b
                captureCanvas = b.canvas(format: .xrgb8888)
            } catch {
                // Said once per mode: the next try comes only after a mode change.
                if !captureFailedForMode {
                    captureFailedForMode = true
                    Log.warning("display: no capture buffer for \(plan.mode): \(error.message); this frame is shown without a screenshot")
                }
                return (flip(plane, userData: userData), -1)
            }
        }
        let values = plane + [
            AtomicValue(object: wb.connector, property: wb.crtc, value: UInt64(plan.crtc.id)),
            AtomicValue(object: wb.connector, property: wb.framebuffer, value: UInt64(captureBuffer!.framebuffer)),
        ]
        // Attaching the writeback connector is a routing change: allowed once, as a modeset.
        let flags: AtomicCommitFlags = writebackAttached ? [.nonBlocking, .pageFlipEvent] : [.nonBlocking, .pageFlipEvent, .allowModeset]
        let result = card.commitWithFence(values, fenceObject: wb.connector, fence: wb.fence, flags, userData: userData)
        writebackAttached = writebackAttached || result.0 == nil
        return result
    }

    private var writebackAttached = false
    var captureFailedForMode = false

    /// The last capture, once its fence signalled. A driver that composes in software (vkms)
    /// converts a YUV plane pixel by pixel for the capture: under emulation that took more than
    /// the second once allowed here, and the capture was lost. Captures are for checking what
    /// was shown, so waiting longer (and dropping frames meanwhile) is the better trade.
    static let captureWaitMilliseconds: Int32 = 5000

    func captured(fence: Int32) -> MappedCanvas? {
        guard fence >= 0, card.waitFence(fence, timeoutMilliseconds: Self.captureWaitMilliseconds) else { return nil }
        return captureCanvas
    }

    func waitForFlips(timeoutMilliseconds: Int32) -> [FlipEvent] { card.waitForFlips(timeoutMilliseconds: timeoutMilliseconds) }

    /// Puts the screen back as it was (or off, when nothing was on it) and frees the buffers.
    func restore() {
        guard !restored else { return }
        restored = true
        let attached = writebackAttached ? writeback.map { (connector: $0.connector, crtcProperty: $0.crtc) } : nil
        ScreenRestore(saved: saved, connector: plan.connector.id, crtc: plan.crtc.id, planesOff: plane.off,
                      properties: props, writeback: attached, modeBlob: modeBlob).run(on: card) { [self] in
            for b in buffers + contentBuffers + directBuffers + retiredBuffers { b.release() }
            captureBuffer?.release()
        }
    }
}
