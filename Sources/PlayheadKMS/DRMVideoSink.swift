import PlayheadCore
import PlayheadSys
import Synchronization

/// Shows video on a DRM plane. The engine hands frames over when they are due; the sink's own
/// presentation thread draws each into a free buffer and flips it at the next vblank, driven
/// by the card's page-flip events. A frame that a newer one overtakes before it could be
/// drawn is dropped (and counted), so the picture never falls behind the clock.
public final class DRMVideoSink: VideoSink, @unchecked Sendable {
    private let display: DRMDisplay
    private let gravity: VideoGravity
    /// `--display-rotate`: everything shown turned this far, clockwise.
    private let screenTurn: PictureRotation
    /// Where a picture is drawn upright before it is turned onto a turned screen's buffer.
    private var turnScratch: MappedCanvas?
    private let modeFollowsItems: Bool
    private let lock = ConditionLock()
    // Guarded by `lock`:
    private var pending: (frame: VideoFrame, due: HostTime)?
    private var stopping = false
    private var stats = DisplayStatistics()
    private var drawEstimate: Int64 = 0
    private var failed: PlaybackError?
    private var displayedHandler: (@Sendable (UInt64) -> Void)?
    /// What `name` and the presentation lead read: the mode changes on the presentation thread
    /// (hot-plug) while the engine asks.
    private var modeName: String
    private var refresh: Int64
    // Presentation thread only:
    private var ring: BufferRing
    private var drawnLayouts: [PictureLayout?]
    private var dueOfFlip: [Int: HostTime] = [:]
    private var committedAt: [Int: Int64] = [:]
    private var tagOfFlip: [Int: UInt64] = [:]
    private var ptsOfFlip: [Int: MediaTime] = [:]
    private var planeOfFlip: [Int: [AtomicValue]] = [:]
    /// What is on screen, to commit again when a screenshot is asked for and no new picture comes.
    private var shownPlane: [AtomicValue]?
    /// The last vblank a flip landed on: the vblanks after it come a refresh apart.
    private var lastVblank: Int64?
    private var trace: FlipTrace?
    private var thread: WorkerThread?
    /// Whether `close` has run; held while it runs, so a second caller returns after it.
    private let closed = Mutex(false)
    /// The last drawing failure said, so that a failing format is said once, not per frame.
    private var lastDrawError: String?
    private var capture = CapturePlan()
    private var committed = 0
    /// Whether the last commit was refused: a run of refusals is said once, not per frame.
    private var commitsRefused = false
    private var pendingCaptures: [Int: (fence: Int32, target: CapturePlan.Target)] = [:]
    private let captureWriter = CaptureWriter()
    private var scaler: (key: ScanoutKey, choice: ScalerChoice)?
    private var scanout: (key: ScanoutKey, choice: ScanoutChoice)?
    /// The last scaler choice in words, for the console (read under `lock`).
    private var scalerText = "none yet (no picture shown)"
    private var hotplug: DisplayHotplug
    private let uevents: UeventSocket?
    /// The card's name as uevents give it ("card0").
    private let cardName: String

    public init(options: DRMOptions) throws(PlaybackError) {
        display = try DRMDisplay(options: options)
        gravity = options.gravity
        screenTurn = options.screenTurn
        modeFollowsItems = options.modeFollowsItems
        trace = options.flipTracePath.map(FlipTrace.init(path:))
        ring = BufferRing(count: display.buffers.count)
        drawnLayouts = Array(repeating: nil, count: display.buffers.count)
        hotplug = DisplayHotplug(connector: display.plan.connector.name, request: options.plan.mode, mode: display.plan.mode,
                                 connected: display.plan.isConnected, contentFrameRate: options.plan.contentFrameRate,
                                 contentSize: options.plan.contentSize)
        if !display.plan.isConnected { Log.info(hotplug.waitingLine) }
        uevents = UeventSocket()
        cardName = display.card.path.split(separator: "/").last.map(String.init) ?? "card0"
        modeName = display.description
        refresh = Self.refreshNanoseconds(display.plan.mode)
        if uevents == nil { Log.warning("display: no kernel uevents here; unplugging the display will not be noticed") }
        // Buffer 0 went on screen (black) with the mode set.
        if let first = ring.acquire() {
            ring.queue(first)
            ring.flipped()
        }
        thread = WorkerThread(name: "ph-present") { [self] in run() }
    }

    public var name: String { lock.withLock { "drm \(modeName)" } }
    /// How pictures are scaled onto the screen (by the plane, in software, not at all).
    public var scalerDescription: String { lock.withLock { scalerText } }

    /// Drawing time (a running average) plus a refresh and a half: the commit goes in right
    /// after the vblank before the frame's own (see FlipTiming), which can be up to one and a
    /// half refreshes before its time. Between that and a quarter of a second.
    public var presentationLeadNanoseconds: Int64 {
        let refresh = refreshNanoseconds
        return min(250_000_000, lock.withLock { drawEstimate } + refresh + refresh / 2)
    }

    private var refreshNanoseconds: Int64 { lock.withLock { refresh } }
    private static func refreshNanoseconds(_ mode: DisplayMode) -> Int64 { Int64(1_000_000_000_000 / max(1, mode.refreshMillihertz)) }
    public var failure: PlaybackError? { lock.withLock { failed } }
    public var statistics: DisplayStatistics { lock.withLock { stats } }

    public var reportsDisplay: Bool { true }

    public func setDisplayedHandler(_ handler: @escaping @Sendable (UInt64) -> Void) {
        lock.withLock { displayedHandler = handler }
    }

    public func present(_ frame: VideoFrame, dueAt hostTime: HostTime) {
        var frame = frame
        lock.withLock {
            if let old = pending {
                stats.dropped += 1
                // The overtaking frame carries the tag on, so the engine still hears of it.
                if frame.displayTag == 0 { frame.displayTag = old.frame.displayTag }
            }
            pending = (frame, hostTime)
            lock.broadcast()
        }
    }

    /// Saves every `n`th frame shown as `DIRECTORY/frame-<media time in ms>.png`, captured from
    /// the composed screen through the writeback connector.
    public func captureFrames(every n: Int, into directory: String) {
        lock.withLock { capture.every = max(0, n); capture.directory = directory }
    }

    /// Saves the screen as it shows the `frame`th frame (counting from 1) to `path`;
    /// `folder`: a path reserved there (a console's screenshot).
    public func screenshot(to path: String, atFrame frame: Int, folder: ScreenshotFolder? = nil) {
        lock.withLock {
            capture.screenshotPath = path
            capture.screenshotFolder = folder
            capture.screenshotFrame = max(1, frame)
        }
    }

    public var canCapture: Bool { display.canCapture }

    public func flush() {
        lock.withLock { pending = nil }
    }

    /// Stops presenting and puts the screen back as it was. Safe to call more than once and
    /// from several threads: every caller returns once the screen is back.
    public func close() {
        closed.withLock { done in
            guard !done else { return }
            done = true
            thread?.stop {
                lock.withLock {
                    stopping = true
                    lock.broadcast()
                }
            }
            display.restore()
            captureWriter.finish()
            trace?.write()
        }
    }

    deinit { close() }

    private func run() {
        while true {
            // A queued flip first: its buffer cannot be reused until it is on screen.
            if ring.queued != nil { awaitFlip(refresh: refreshNanoseconds); continue }
            checkHotplug()
            var still = false
            let next: (frame: VideoFrame, due: HostTime)? = lock.withLock {
                while pending == nil && !stopping && !still {
                    let until = MonotonicClock().now().nanoseconds + 100_000_000
                    _ = lock.wait(untilMonotonic: until)
                    // No new picture for 100 ms (paused, a still picture): a screenshot takes the screen as it stands.
                    still = pending == nil && capture.screenshotPath != nil && shownPlane != nil
                        && MonotonicClock().now().nanoseconds >= until
                }
                defer { pending = nil }
                return stopping ? nil : pending
            }
            if still && next == nil && !lock.withLock({ stopping }) { captureStill(); continue }
            guard let next else { return }
            show(next.frame, due: next.due)
        }
    }

    private func show(_ frame: VideoFrame, due: HostTime) {
        guard hotplug.connected else {
            lock.withLock { stats.withoutDisplay += 1 }
            return
        }
        followContent(frame)
        guard let index = ring.acquire() else { return }
        // Laid out on the screen as the viewer sees it (a portrait screen mounted on its side),
        // then placed on the buffer as the screen is mounted.
        let view = screenTurn.upright(display.screen)
        let upright = PictureLayout.place(frame.picture.uprightSize, on: view, gravity: gravity)
        let layout = PictureLayout(source: upright.source, destination: screenTurn.uprightRect(for: upright.destination, stored: view))
        let path = scanoutChoice(for: frame.picture, layout: layout)
        let choice = path.isDirect ? .none : scalerChoice(for: frame.picture, layout: layout)
        let canvas: MappedCanvas
        let source: PixelRect
        let target: PixelRect
        var asStored = false
        if path.isDirect {
            // The whole picture goes in as decoded (and as stored: the plane turns it); the
            // plane shows the layout's part of it.
            canvas = display.directCanvases[index]
            source = PixelRect(size: frame.picture.size)
            target = source
        } else if case .plane(let size, _, let turn) = choice {
            canvas = display.contentCanvases[index]
            target = PixelRect(size: size)
            // A plane that turns the picture takes it as stored.
            asStored = turn != .none
            source = asStored ? frame.picture.rotation.storedRect(for: layout.source, stored: frame.picture.size) : layout.source
        } else {
            canvas = display.canvases[index]
            source = layout.source
            target = layout.destination
            if drawnLayouts[index] != layout {
                // The bars must be black: clear the whole buffer when the layout changed.
                canvas.clear(PixelRect(size: display.screen), bytesPerPixel: display.bytesPerPixel)
                drawnLayouts[index] = layout
            }
        }
        // Already too late: dropped before the drawing, whose time (most of a frame's on a
        // small board scaling in software) goes to the decoder instead.
        let estimate = lock.withLock { drawEstimate }
        if estimate > 0 && dropsLate(frame, due: due, drawing: estimate) { ring.release(index); return }
        let started = MonotonicClock().now().nanoseconds
        do {
            if asStored {
                try frame.picture.drawAsStored(source, into: canvas, at: target)
            } else if screenTurn != .none && !path.isDirect {
                try drawTurned(frame.picture, source: source, into: canvas, at: target)
            } else {
                try frame.picture.draw(source, into: canvas, at: target)
            }
            let took = MonotonicClock().now().nanoseconds - started
            lock.withLock {
                stats.drawNanoseconds += took
                stats.drawn += 1
                drawEstimate = drawEstimate == 0 ? took : (drawEstimate * 7 + took) / 8
            }
        } catch {
            ring.release(index)
            lock.withLock { stats.dropped += 1; stats.drawFailures += 1 }
            if error.message != lastDrawError {
                lastDrawError = error.message
                Log.warning("display: cannot draw the picture: \(error.message); its frames are dropped")
            }
            return
        }
        // Commit so that the flip lands on the vblank nearest the due time (see FlipTiming).
        let commitAt = FlipTiming(refresh: refreshNanoseconds, lastVblank: lastVblank).commitTime(due: due.nanoseconds)
        // Saturated: a due time from hostile timestamps may lie at either end of Int64.
        let wait = HostTime(nanoseconds: commitAt) - MonotonicClock().now()
        if wait > 0 {
            let stop = lock.withLock { () -> Bool in
                // New frames arriving wake the wait; keep waiting for this one's moment.
                while !stopping && MonotonicClock().now().nanoseconds < commitAt { _ = lock.wait(untilMonotonic: commitAt) }
                return stopping
            }
            if stop { ring.release(index); return }
        }
        if dropsLate(frame, due: due) { ring.release(index); return }
        committed += 1
        let captureTarget = lock.withLock { capture.target(forFrame: committed, pts: frame.pts) }
        let plane: [AtomicValue]
        switch (path, choice) {
        case (.direct(_, let colorimetry, let source, let destination, let rotation), _):
            plane = display.directPlaneValues(index: index, source: source, destination: destination, rotation: rotation,
                                              colorimetry: colorimetry)
        case (_, .plane(let size, let destination, let turn)):
            plane = display.planeValues(framebuffer: display.contentBuffers[index].framebuffer, source: PixelRect(size: size),
                                        destination: destination, rotation: turn)
        default:
            plane = display.planeValues(buffer: index)
        }
        let refused: AtomicCommitError?
        if let captureTarget, display.canCapture {
            let (error, fence) = display.flipCapturing(plane, userData: UInt64(index))
            refused = error
            if error == nil && fence >= 0 { pendingCaptures[index] = (fence, captureTarget) }
        } else {
            refused = display.flip(plane, userData: UInt64(index))
        }
        if let refused {
            ring.release(index)
            lock.withLock {
                stats.failedCommits += 1
                stats.dropped += 1
                if refused.cardGone { failed = PlaybackError(.deviceFailed, "\(display.card.path): the display card went away") }
            }
            if !commitsRefused {
                commitsRefused = true
                Log.warning("display: \(display.card.path) refused a page flip (\(refused)); pictures are dropped "
                    + "while it does, the sound goes on; if the card was removed, restart playhead once it is back")
            }
        } else {
            if commitsRefused {
                commitsRefused = false
                Log.info("display: \(display.card.path) takes page flips again")
            }
            ring.queue(index)
            dueOfFlip[index] = due
            tagOfFlip[index] = frame.displayTag
            ptsOfFlip[index] = frame.pts
            planeOfFlip[index] = plane
            committedAt[index] = MonotonicClock().now().nanoseconds
        }
    }

    /// A frame whose flip would land more than half a refresh after its time is dropped
    /// rather than shown late (FlipTiming.dropsLate): the vblank it would take is the first one
    /// after now. An item's first frame is always shown (the engine waits to hear of it), and
    /// so is any frame once the picture is frozen: a late picture beats a frozen one.
    /// `drawing` is the drawing time still ahead (before the picture is drawn).
    private func dropsLate(_ frame: VideoFrame, due: HostTime, drawing: Int64 = 0) -> Bool {
        let timing = FlipTiming(refresh: refreshNanoseconds, lastVblank: lastVblank)
        guard frame.displayTag == 0 else { return false }
        let now = MonotonicClock().now().nanoseconds
        guard timing.dropsLate(due: due.nanoseconds, now: now, frameDuration: frame.duration.nanoseconds, drawing: drawing),
              let next = timing.nextVblank(after: now + drawing) else { return false }
        trace?.dropped(pts: frame.pts, due: due.nanoseconds, expectedVblank: next)
        lock.withLock {
            stats.dropped += 1
            stats.droppedLate += 1
            if drawing > 0 { stats.droppedUndrawn += 1 }
        }
        return true
    }

    /// A connector came or went: hide, or set the mode again and carry on. Called between
    /// frames, with no flip outstanding, so every buffer is free to be replaced.
    private func checkHotplug() {
        guard let uevents else { return }
        guard uevents.drain().contains(where: { $0.isDisplayHotplug(card: cardName) }),
              let now = display.readConnector() else { return }
        switch hotplug.connectorRead(isConnected: now.isConnected, modes: now.modes) {
        case nil:
            break
        case .hide(let line)?:
            Log.info(line)
            lock.withLock { stats.disconnects += 1 }
        case .show(let mode, let line)?:
            Log.info(line)
            if !setMode(mode) { _ = hotplug.connectorRead(isConnected: false, modes: []) }
        }
    }

    /// With `--display-mode match` and `--display-mode-switch items`: an item of another
    /// frame rate or size gets the mode that fits it. Called with no flip outstanding.
    private func followContent(_ frame: VideoFrame) {
        // Pictures without a rate (the restart slate, a still) do not move the mode.
        guard hotplug.request == .matchContent, let rate = frame.nominalFrameRate else { return }
        let size = frame.picture.uprightSize
        guard rate != hotplug.contentFrameRate || size != hotplug.contentSize else { return }
        let modes = modeFollowsItems ? display.readConnector()?.modes ?? [] : []
        guard case .show(let mode, let line)? = hotplug.contentChanged(frameRate: rate, size: size, modes: modes,
                                                                       switching: modeFollowsItems) else { return }
        Log.info(line)
        _ = setMode(mode)
    }

    /// Sets `mode` and starts the ring over from the black buffer it shows; false (and said)
    /// when the kernel refused.
    private func setMode(_ mode: DisplayMode) -> Bool {
        do {
            try display.reconfigure(to: mode)
            let (name, refreshing) = (display.description, Self.refreshNanoseconds(display.plan.mode))
            lock.withLock { modeName = name; refresh = refreshing }
            drawnLayouts = Array(repeating: nil, count: drawnLayouts.count)
            scaler = nil
            scanout = nil
            // The modeset put buffer 0 on screen: the ring starts over from there.
            ring = BufferRing(count: display.buffers.count)
            if let first = ring.acquire() { ring.queue(first); ring.flipped() }
            shownPlane = nil
            planeOfFlip = [:]
            return true
        } catch {
            Log.warning("display: \(error.message); still waiting for a usable display")
            return false
        }
    }

    /// On a turned screen a converted picture is drawn upright into a scratch canvas, then
    /// turned while copied onto the buffer.
    private func drawTurned(_ picture: any VideoPicture, source: PixelRect, into canvas: MappedCanvas,
                            at destination: PixelRect) throws(PlaybackError) {
        let size = screenTurn.inverse.upright(destination.size)
        let scratch: MappedCanvas
        if let t = turnScratch, t.size == size, t.format == canvas.format { scratch = t } else {
            scratch = MappedCanvas(format: canvas.format, size: size, bytesPerPixel: display.bytesPerPixel)
            turnScratch = scratch
        }
        try picture.draw(source, into: scratch, at: PixelRect(size: size))
        canvas.copy(scratch, turnedBy: screenTurn, into: destination, bytesPerPixel: display.bytesPerPixel)
    }

    /// The plane scales and turns the picture when the driver says it can (TEST_ONLY), else
    /// libswscale scales and the picture is turned in software; asked again only when the
    /// picture's layout, size or turn changes, and said once each time.
    private func scalerChoice(for picture: any VideoPicture, layout: PictureLayout) -> ScalerChoice {
        let key = ScanoutKey(layout: layout, pixelFormat: "", colorimetry: picture.colorimetry, rotation: picture.rotation, size: picture.size)
        if let scaler, scaler.key == key { return scaler.choice }
        let turn = picture.rotation.then(screenTurn)
        var choice: ScalerChoice?
        if turn != .none && display.planeRotations.contains(turn) {
            let stored = picture.rotation.storedRect(for: layout.source, stored: picture.size).size
            let turned = ScalerChoice.decideTurned(layout: layout, storedSource: stored, turn: turn) {
                display.testPlaneScaling(source: $0, destination: $1, rotation: $2)?.errno.rawValue ?? 0
            }
            switch turned {
            case .plane: choice = turned
            case .software(let reason): Log.info("display: the picture is turned in software: \(reason)")
            case .none: break
            }
        }
        let chosen = choice ?? (screenTurn != .none
            ? ScalerChoice.software(reason: "the screen is turned \(screenTurn.rawValue) degrees (--display-rotate), which is done in software")
            : ScalerChoice.decide(layout: layout) { display.testPlaneScaling(source: $0, destination: $1)?.errno.rawValue ?? 0 })
        scaler = (key, chosen)
        lock.withLock { scalerText = chosen.description }
        Log.info("display: \(layout.source.width)x\(layout.source.height) onto \(layout.destination.width)x\(layout.destination.height) by \(chosen)")
        return chosen
    }

    /// What a change of picture format, colours or layout asks of the plane: direct YUV when
    /// the driver takes it (TEST_ONLY), else conversion; asked again only on a change, and said
    /// once each time.
    private func scanoutChoice(for picture: any VideoPicture, layout: PictureLayout) -> ScanoutChoice {
        let key = ScanoutKey(layout: layout, pixelFormat: picture.pixelFormatName, colorimetry: picture.colorimetry,
                             rotation: picture.rotation, size: picture.size)
        if let scanout, scanout.key == key { return scanout.choice }
        let choice = ScanoutChoice.decide(pixelFormat: key.pixelFormat, picture: key.size, rotation: key.rotation,
                                          screenTurn: screenTurn, colorimetry: key.colorimetry, layout: layout, planeFormats: display.plan.plane.formats,
                                          planeRotations: display.planeRotations,
                                          colorProperties: display.plane.color != nil) { display.testDirect($0)?.errno.rawValue ?? 0 }
        scanout = (key, choice)
        if choice.isDirect {
            scaler = nil
            lock.withLock { scalerText = choice.description }
        }
        Log.info("display: \(key.size) \(key.pixelFormat) by \(choice)")
        return choice
    }

    /// The captured pixels are copied here (the capture buffer is used again); the encoding
    /// and the write are the capture writer's.
    private func saveCapture(_ fence: Int32, to target: CapturePlan.Target) {
        let path = target.path
        guard let canvas = display.captured(fence: fence) else {
            Log.warning("display: the writeback capture for \(path) did not complete within \(DRMDisplay.captureWaitMilliseconds) ms; no picture saved")
            return
        }
        let w = canvas.size.width, h = canvas.size.height
        let ppm = path.hasSuffix(".ppm")
        let header = ppm ? Array("P6\n\(w) \(h)\n255\n".utf8) : []
        var rgb = [UInt8](repeating: 0, count: header.count + w * h * 3)
        rgb.replaceSubrange(0..<header.count, with: header)
        canvas.copyRGB(into: &rgb, at: header.count)
        // PPM for frame series (nothing to compute); PNG for screenshots.
        captureWriter.save(rgb: rgb, width: w, height: h, ppmHeader: ppm, to: path, folder: target.folder)
    }

    /// Commits what is on screen once more, with writeback, for a screenshot asked for while
    /// no new picture comes. Called with no flip outstanding; the flip's event carries no buffer.
    private func captureStill() {
        guard let plane = shownPlane, hotplug.connected, display.canCapture,
              let target = lock.withLock({ capture.takeScreenshot() }) else { return }
        let (refused, fence) = display.flipCapturing(plane, userData: UInt64(Int32.max))
        if let refused {
            Log.warning("display: \(display.card.path) refused the commit for a screenshot (\(refused)); \(target.path) is not saved")
            return
        }
        let events = display.waitForFlips(timeoutMilliseconds: 200)
        if let vblank = events.last?.vblankNanoseconds { lastVblank = vblank }
        if fence >= 0 { saveCapture(fence, to: target) }
    }

    private func awaitFlip(refresh: Int64) {
        let events = display.waitForFlips(timeoutMilliseconds: 200)
        if events.isEmpty {
            // No flip within 200 ms (a stopped CRTC, a lost event): free the buffer rather than hang.
            if let q = ring.queued { ring.commitFailed(q); dueOfFlip[q] = nil }
            lock.withLock { stats.failedCommits += 1 }
            return
        }
        for event in events {
            let index = Int(event.userData)
            ring.flipped()
            display.releaseRetiredBuffers()
            if let tag = tagOfFlip.removeValue(forKey: index), tag != 0, let handler = lock.withLock({ displayedHandler }) {
                handler(tag)
            }
            if let c = pendingCaptures.removeValue(forKey: index) { saveCapture(c.fence, to: c.target) }
            if let plane = planeOfFlip.removeValue(forKey: index) { shownPlane = plane }
            lastVblank = event.vblankNanoseconds
            guard let due = dueOfFlip.removeValue(forKey: index) else { continue }
            let delay = HostTime(nanoseconds: event.vblankNanoseconds) - due
            let commitTime = committedAt.removeValue(forKey: index) ?? event.vblankNanoseconds
            let sinceCommit = event.vblankNanoseconds - commitTime
            if let pts = ptsOfFlip.removeValue(forKey: index) {
                trace?.add(pts: pts, due: due.nanoseconds, committed: commitTime, vblank: event.vblankNanoseconds)
            }
            lock.withLock {
                stats.commitToFlipNanoseconds += sinceCommit
                stats.flipped(delay: delay, refreshNanoseconds: refresh)
            }
        }
    }
}
