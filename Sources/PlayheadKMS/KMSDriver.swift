import PlayheadCore
import PlayheadSys
import Synchronization

/// The KMS part of the present loop, and only that: one plane of the screen and its buffers.
/// It decides how a picture reaches the plane (direct YUV scan-out, the plane's scaler,
/// libswscale; turned by the plane or in software), draws it, and commits it; when to commit,
/// what to drop and what was shown are the present loop's.
final class KMSDriver: PresentDriver, @unchecked Sendable {
    let screen: DRMScreen
    /// Where its flips go: the screen, or its share of the layers' one commit per refresh.
    let channel: any FlipChannel
    /// nil: the whole screen, on the plan's plane, following the mode.
    let place: LayerPlace?
    let plane: PlaneProperties
    let buffers: LayerBuffers
    let screenTurn: PictureRotation
    private let gravity: VideoGravity
    /// The part of each picture shown (a video wall's tile, a crop); a layer's is the whole.
    let window: PictureWindow
    /// The picture size whose window problem (a crop outside it) was said last.
    private var windowSaidFor: PixelSize?
    private let modeFollowsItems: Bool
    /// Where a picture is drawn upright before it is turned onto a turned screen's buffer.
    private var turnScratch: MappedCanvas?
    // The choices for the picture shown last, asked again only when it changes:
    var scaler: (key: ScanoutKey, choice: ScalerChoice)?
    var scanout: (key: ScanoutKey, choice: ScanoutChoice)?
    /// The last scaler choice in words, for the console (any thread).
    let scalerText = Mutex("none yet (no picture shown)")
    /// `display off|on`: asked for (any thread; off as a black picture when `blank`), and
    /// whether the screen is off.
    private let power = Mutex<(requested: (on: Bool, blank: Bool)?, off: Bool)>((nil, false))

    /// `place` and `channel`: one layer of several (DisplayController); nil, the screen alone.
    init(screen: DRMScreen, options: DRMOptions, place: LayerPlace? = nil, channel: (any FlipChannel)? = nil) throws(PlaybackError) {
        let card = screen.card, id = place?.plane.id ?? screen.plan.plane.id
        plane = try PlaneProperties(plane: id, table: card.planeProperties(id), device: card.path) { card.enumValues(ofProperty: $0) }
        buffers = try LayerBuffers(card: card, format: place?.format ?? screen.plan.format.format, screen: place?.area.size ?? screen.size,
                                   count: options.buffers)
        self.screen = screen
        self.place = place
        self.channel = channel ?? screen
        gravity = options.gravity
        window = options.window
        screenTurn = options.screenTurn
        modeFollowsItems = options.modeFollowsItems
        if place?.composed == true {
            scalerText.withLock { $0 = "libswscale, composed in software with the layers under it" }
            return
        }
        let yuv = YUVPlaneLayout.formats.filter(planeFormats.contains)
        Log.info("display: plane \(id) takes \(yuv.isEmpty ? "no YUV" : yuv.map(\.description).joined(separator: ", "))\(plane.color == nil ? "" : " with COLOR_ENCODING and COLOR_RANGE")")
    }

    var scalerDescription: String { scalerText.withLock { $0 } }

    /// The part of the screen the plane's buffers cover.
    var area: PixelRect { place?.area ?? PixelRect(size: screen.size) }
    /// Where pictures go, in the area's pixels.
    var region: PixelRect { place?.region ?? PixelRect(size: screen.size) }
    var planeFormats: [FourCC] { place?.plane.formats ?? screen.plan.plane.formats }

    /// Area-sized buffer `i` on the whole area, as the modeset shows the first.
    func planeValues(buffer i: Int) -> [AtomicValue] {
        plane.values(framebuffer: buffers.screen[i].buffer.framebuffer, crtc: screen.plan.crtc.id, source: PixelRect(size: area.size),
                     destination: area)
    }

    /// A display coming or going, and modes following the content, are the screen's alone: a
    /// layer's place was worked out for the mode in force.
    func checkHotplug() -> ScreenChange {
        guard place == nil else { return followLayersPower() }
        if let change = followPowerRequest() { return change }
        if poweredOff { return .none }
        switch screen.hotplugAction() {
        case nil: return .none
        case .hide?: return .lost
        case .show(let mode, _)?:
            if setMode(mode) { return .modeSet(refreshNanoseconds: screen.refreshNanoseconds) }
            screen.markUnusable()
            return .unusable
        }
    }

    /// A `display off|on` asked for: the CRTC switched off, or the mode set again (with the
    /// first buffer, black, until the next picture). Said in one line each.
    private func followPowerRequest() -> ScreenChange? {
        guard let request = power.withLock({ p -> (on: Bool, blank: Bool)? in defer { p.requested = nil }; return p.requested }),
              request.on == poweredOff else { return nil }
        let on = request.on, blank = request.blank
        if !on && blank {
            // HDMI carries the sound in the picture's signal: the CRTC stays on, showing the
            // ring's first buffer cleared to black, and the pictures are dropped.
            guard setMode(screen.plan.mode) else { return nil }
            power.withLock { $0.off = true }
            Log.info("display: off as a black picture (the CRTC stays on in \(screen.plan.mode): the HDMI sound needs its signal)")
            return .switchedOff
        }
        if !on {
            do throws(PlaybackError) {
                try screen.switchOff()
            } catch {
                Log.warning("display: \(error.message); the screen stays on")
                return nil
            }
            power.withLock { $0.off = true }
            Log.info("display: off (the CRTC is inactive, its mode \(screen.plan.mode) kept)")
            return .switchedOff
        }
        power.withLock { $0.off = false }
        guard setMode(screen.plan.mode) else { return .unusable }
        Log.info("display: on (\(screen.plan.mode))")
        return .modeSet(refreshNanoseconds: screen.refreshNanoseconds)
    }

    /// Asks for the screen off or on; the present thread carries it out at its next look (the
    /// display thread, for a screen of layers, which cannot be blanked: LivePlayerControl says so).
    func requestPower(_ on: Bool, blank: Bool = false) {
        if let layers = channel as? LayerChannel {
            layers.commits.requestPower(on)
            return
        }
        power.withLock { $0.requested = (on, blank) }
    }

    var poweredOff: Bool {
        if let layers = channel as? LayerChannel { return layers.commits.isScreenOff }
        return power.withLock { $0.off }
    }

    /// One layer of several: the screen switched off or on by the display thread is taken up
    /// once, the layer's pictures dropped while it is off.
    private func followLayersPower() -> ScreenChange {
        guard let layers = channel as? LayerChannel else { return .none }
        let off = layers.commits.isScreenOff
        let was = power.withLock { p -> Bool in defer { p.off = off }; return p.off }
        guard off != was else { return .none }
        return off ? .switchedOff : .switchedOn(refreshNanoseconds: screen.refreshNanoseconds)
    }

    func follow(_ frame: VideoFrame) -> ScreenChange {
        guard place == nil, case .show(let mode, _)? = screen.contentAction(for: frame, switching: modeFollowsItems) else { return .none }
        return setMode(mode) ? .modeSet(refreshNanoseconds: screen.refreshNanoseconds) : .none
    }

    /// Sets `mode` with the first (black) buffer on screen; false (and said) when the kernel
    /// refused. Called with no flip outstanding, so every buffer is free to be replaced.
    private func setMode(_ mode: DisplayMode) -> Bool {
        do throws(PlaybackError) {
            try buffers.fit(mode.size, was: screen.size)
            try screen.use(mode)
            try screen.modeset(plane: planeValues(buffer: 0))
        } catch {
            Log.warning("display: \(error.message); still waiting for a usable display")
            return false
        }
        scaler = nil
        scanout = nil
        return true
    }

    func prepare(_ frame: VideoFrame, buffer i: Int) -> KMSPlaneShot {
        let picture = frame.picture, crtc = screen.plan.crtc.id
        // Laid out in its region as the viewer sees it (a portrait screen mounted on its side),
        // then placed on the buffer as the screen is mounted; `layout` is on the screen, `local`
        // on the layer's buffer.
        // Placed in the shape it is shown in (an anamorphic picture wider than stored), its
        // source part then in the stored pixels.
        let view = screenTurn.upright(region.size), shown = picture.uprightDisplaySize
        let upright = window.place(shown, on: view, gravity: gravity).source(from: shown, to: picture.uprightSize)
        if windowSaidFor != shown {
            windowSaidFor = shown
            if let problem = window.problem(with: shown) { Log.warning("display: \(problem)") }
        }
        let inRegion = screenTurn.uprightRect(for: upright.destination, stored: view)
        let local = PictureLayout(source: upright.source, destination: inRegion.offset(dx: region.x, dy: region.y))
        let layout = PictureLayout(source: local.source, destination: local.destination.offset(dx: area.x, dy: area.y))
        // A composed layer's buffers are read by the compositor, never shown by a plane.
        let composed = place?.composed ?? false
        if !composed, case .direct(_, let colorimetry, let source, let destination, let turn) = scanoutChoice(for: picture, layout: layout) {
            // The whole picture goes in as decoded (and as stored: the plane turns it); the
            // plane shows the layout's part of it.
            let b = buffers.direct[i], whole = PixelRect(size: picture.size)
            let values = plane.values(framebuffer: b.framebuffer, crtc: crtc, source: source, destination: destination, rotation: turn)
            return KMSPlaneShot(canvas: b.canvas, source: whole, target: whole, drawing: .upright, values: values + plane.colorValues(colorimetry))
        }
        let inSoftware: KMSPlaneShot.Drawing = screenTurn != .none ? .turned : .upright
        if !composed, case .plane(let size, let destination, let turn) = scalerChoice(for: picture, layout: layout) {
            let b = buffers.content[i]
            // A plane that turns the picture takes it as stored.
            let asStored = turn != .none
            let source = asStored ? picture.rotation.storedRect(for: layout.source, stored: picture.size) : layout.source
            let values = plane.values(framebuffer: b.framebuffer, crtc: crtc, source: PixelRect(size: size), destination: destination, rotation: turn)
            return KMSPlaneShot(canvas: b.canvas, source: source, target: PixelRect(size: size), drawing: asStored ? .asStored : inSoftware,
                                values: values)
        }
        buffers.prepareScreenBuffer(i, for: local, screen: area.size)
        return KMSPlaneShot(canvas: buffers.screen[i].buffer.canvas, source: local.source, target: local.destination, drawing: inSoftware,
                            values: planeValues(buffer: i))
    }

    func draw(_ frame: VideoFrame, as shot: KMSPlaneShot) throws(PlaybackError) {
        switch shot.drawing {
        case .upright: try frame.picture.draw(shot.source, into: shot.canvas, at: shot.target)
        case .asStored: try frame.picture.drawAsStored(shot.source, into: shot.canvas, at: shot.target)
        case .turned: try drawTurned(frame.picture, source: shot.source, into: shot.canvas, at: shot.target)
        }
    }

    /// On a turned screen a converted picture is drawn upright into a scratch canvas, then
    /// turned while copied onto the buffer.
    private func drawTurned(_ picture: any VideoPicture, source: PixelRect, into canvas: MappedCanvas,
                            at destination: PixelRect) throws(PlaybackError) {
        let size = screenTurn.inverse.upright(destination.size)
        let scratch: MappedCanvas
        if let t = turnScratch, t.size == size, t.format == canvas.format { scratch = t } else {
            scratch = MappedCanvas(format: canvas.format, size: size, bytesPerPixel: buffers.bytesPerPixel)
            turnScratch = scratch
        }
        try picture.draw(source, into: scratch, at: PixelRect(size: size))
        canvas.copy(scratch, turnedBy: screenTurn, into: destination, bytesPerPixel: buffers.bytesPerPixel)
    }

    func commit(_ shot: KMSPlaneShot, buffer: Int?, capture: Bool) -> PresentCommit {
        // The flip event names the buffer; a commit of what is on screen names none of them.
        let userData = UInt64(buffer ?? Int(Int32.max))
        let (error, fence) = channel.flip(shot.values, userData: userData, capture: capture)
        guard let error else { return .queued(captureTicket: fence) }
        return .refused(reason: error.description, cardGone: error.cardGone)
    }

    func waitForFlips(timeoutMilliseconds: Int32) -> [PresentFlip] {
        let flips = channel.waitForFlips(timeoutMilliseconds: timeoutMilliseconds).map { e in
            PresentFlip(buffer: e.userData < UInt64(buffers.count) ? Int(e.userData) : nil, vblankNanoseconds: e.vblankNanoseconds,
                        sequence: e.sequence)
        }
        // Whatever was retired before a flip of ours is off the screen now.
        if flips.contains(where: { $0.buffer != nil }) { buffers.releaseRetired() }
        return flips
    }

    func captured(_ ticket: Int32) -> MappedCanvas? { screen.writeback?.captured(fence: ticket) }
    func discardCapture(_ ticket: Int32) { screen.writeback?.discard(fence: ticket) }
    var captureWaitMilliseconds: Int32 { WritebackCapture.waitMilliseconds }

    /// Puts the screen back and frees the buffers; after the presentation thread has ended.
    /// A layer's are the display controller's to put back, with every other layer's.
    func restore() {
        guard place == nil else { return }
        screen.restore(planesOff: plane.off) { buffers.releaseAll() }
    }
}
