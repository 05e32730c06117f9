import PlayheadCore
import PlayheadSys
import Synchronization

/// Shows video on a DRM plane. The engine hands frames over when they are due; the sink's own
/// presentation thread draws each into a free buffer and flips it at the next vblank, driven
/// by the card's page-flip events. A frame that a newer one overtakes before it could be
/// drawn is dropped (and counted), so the picture never falls behind the clock.
///
/// Three parts: the screen (DRMScreen: card, CRTC, mode, hot-plug, writeback), the plane and
/// its buffers (KMSDriver), and the present loop that decides when and what (PresentMachine,
/// carried out by PresentLoop on the thread).
public final class DRMVideoSink: VideoSink, @unchecked Sendable {
    private let screen: DRMScreen
    private let driver: KMSDriver
    private let loop: PresentLoop<KMSDriver>
    private let captureWriter: CaptureWriter
    private let thread: WorkerThread
    /// Whether `close` has run; held while it runs, so a second caller returns after it.
    private let closed = Mutex(false)

    public convenience init(options: DRMOptions) throws(PlaybackError) {
        let screen = try DRMScreen(options: options)
        let driver = try KMSDriver(screen: screen, options: options)
        if screen.plan.isConnected { try screen.modeset(plane: driver.planeValues(buffer: 0)) }
        screen.watchHotplug()
        if !screen.canCapture {
            Log.info("display: \(screen.card.path) has no writeback connector: a screenshot is the picture on screen as decoded, without the bars")
        }
        self.init(layer: driver, screen: screen, options: options, captures: true)
    }

    /// One layer of a screen several players share (DisplayController); `captures`: whether
    /// its frames ask for captures of the screen.
    init(layer driver: KMSDriver, screen: DRMScreen, options: DRMOptions, captures: Bool) {
        self.screen = screen
        self.driver = driver
        let machine = PresentMachine<KMSPlaneShot>(buffers: driver.buffers.count, refreshNanoseconds: screen.refreshNanoseconds,
                                                   connected: screen.plan.isConnected, canCapture: captures && screen.canCapture,
                                                   device: screen.card.path, trace: options.flipTracePath.map(FlipTrace.init(path:)))
        let writer = CaptureWriter()
        captureWriter = writer
        let loop = PresentLoop(driver: driver, machine: machine, clock: MonotonicClock()) { writer.save($0, to: $1) }
        self.loop = loop
        canCapture = captures && screen.canCapture
        thread = WorkerThread(name: "ph-present") { loop.run() }
    }

    public var name: String { driver.place.map { "drm \(screen.name) layer on plane \($0.plane.id) at \($0.area)" } ?? "drm \(screen.name)" }
    /// How pictures are scaled onto the screen (by the plane, in software, not at all).
    public var scalerDescription: String { driver.scalerDescription }
    /// The part of each picture shown: a video wall's tile, a crop, or all of it.
    public var window: PictureWindow { driver.window }
    public var presentationLeadNanoseconds: Int64 { loop.presentationLeadNanoseconds }
    public var failure: PlaybackError? { loop.failure }
    public var statistics: DisplayStatistics { loop.statistics }
    public var reportsDisplay: Bool { true }
    public let canCapture: Bool

    public func setDisplayedHandler(_ handler: @escaping @Sendable (UInt64) -> Void) { loop.setDisplayedHandler(handler) }

    public func present(_ frame: VideoFrame, dueAt hostTime: HostTime) { loop.present(frame, dueAt: hostTime) }

    public func flush() { loop.flush() }

    /// `display off|on`: the CRTC made inactive (its mode kept) or active again, by the present
    /// thread at its next look; with `blank`, off is a black picture on an active CRTC (HDMI
    /// sound needs the signal). Off, frames are dropped.
    public func setScreenPower(_ on: Bool, blank: Bool = false) {
        driver.requestPower(on, blank: blank)
        loop.checkScreenSoon()
    }

    /// The present thread looks at the screen again soon (a screen of layers switched).
    func checkScreenSoon() { loop.checkScreenSoon() }

    /// Whether the screen was switched off.
    public var isScreenOff: Bool { driver.poweredOff }

    /// It has the screen to itself (not one layer of several): it can switch the screen off.
    public var hasWholeScreen: Bool { driver.place == nil }

    /// Saves every `n`th frame shown as `DIRECTORY/frame-<media time in ms>.ppm`, captured
    /// from the composed screen through the writeback connector.
    public func captureFrames(every n: Int, into directory: String) { loop.captureFrames(every: n, into: directory) }

    /// Saves the screen as it shows the `frame`th frame (counting from 1) to `path`;
    /// `folder`: a path reserved there (a console's screenshot). While the screen stands
    /// still, the picture on it is taken.
    public func screenshot(to path: String, atFrame frame: Int, folder: ScreenshotFolder? = nil) {
        loop.screenshot(to: path, atFrame: frame, folder: folder)
    }

    /// Saves the picture on screen, as decoded, to `path` reserved in `folder`: the screenshot
    /// of a card with no writeback connector (it shows neither the black bars nor what the
    /// screen adds). False when no picture has been shown yet.
    public func screenshotOfShownPicture(to path: String, folder: ScreenshotFolder) -> Bool {
        guard let picture = loop.shownPicture else { return false }
        captureWriter.save(picture: picture, to: path, folder: folder)
        return true
    }

    /// Stops presenting and puts the screen back as it was. Safe to call more than once and
    /// from several threads: every caller returns once the screen is back.
    public func close() {
        closed.withLock { done in
            guard !done else { return }
            done = true
            thread.stop { loop.stop() }
            driver.restore()
            captureWriter.finish()
            if let trace = loop.trace {
                do throws(PlaybackError) { try FileOutput.write(Array(trace.text.utf8), to: trace.path) } catch {
                    Log.warning("display: cannot write the flip trace: \(error.message)")
                }
            }
        }
    }

    deinit { close() }
}
