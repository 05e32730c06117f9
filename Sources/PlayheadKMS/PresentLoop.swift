import PlayheadCore
import PlayheadSys

/// Carries the present machine's actions out against a driver on the presentation thread, and
/// takes the engine's frames and requests from any thread. What the machine holds is guarded
/// by one lock, never held across a device call. `step` does one action and returns; `run`
/// repeats it and sleeps when there is nothing to do. Tests step it with a virtual clock.
final class PresentLoop<Driver: PresentDriver>: @unchecked Sendable {
    enum Step: Sendable, Equatable {
        case worked
        /// Nothing to do until then (monotonic nanoseconds), or until woken; nil: until woken.
        case idle(until: Int64?)
        case stopped
    }

    /// How long a commit's flip is waited for before its buffer is freed: a stopped CRTC or a
    /// lost event must not hang the loop.
    static var flipWaitMilliseconds: Int32 { 200 }

    private let driver: Driver
    private let clock: any HostClock
    private let saveCapture: (MappedCanvas, CapturePlan.Target) -> Void
    private let lock = ConditionLock()
    // Guarded by `lock`:
    private var machine: PresentMachine<Driver.Plane>
    private var displayedHandler: (@Sendable (UInt64) -> Void)?
    /// Moves whenever the thread may have work (a frame, a screenshot, a stop): a wait that saw
    /// it at one value ends when it moves.
    private var wakeups = 0
    private var wakeupsSeen = 0

    /// `saveCapture` gets each complete capture, on the presentation thread (the canvas is
    /// used again for the next one).
    init(driver: Driver, machine: PresentMachine<Driver.Plane>, clock: any HostClock,
         saveCapture: @escaping (MappedCanvas, CapturePlan.Target) -> Void) {
        self.driver = driver
        self.machine = machine
        self.clock = clock
        self.saveCapture = saveCapture
    }

    // MARK: Any thread

    func present(_ frame: VideoFrame, dueAt due: HostTime) {
        // Read before the lock: the arrival is the engine's hand-over, not the wait for the loop.
        let arrived = clock.now().nanoseconds
        lock.withLock {
            machine.frameArrived(frame, due: due, now: arrived)
            wake()
        }
    }

    func flush() { lock.withLock { machine.flush() } }

    /// The screen is looked at again soon (`KMSDriver.checkHotplug`), even while no frame comes.
    func checkScreenSoon() {
        lock.withLock {
            machine.checkScreenSoon()
            wake()
        }
    }

    func stop() {
        lock.withLock {
            machine.stop()
            wake()
        }
    }

    func setDisplayedHandler(_ handler: @escaping @Sendable (UInt64) -> Void) { lock.withLock { displayedHandler = handler } }

    func captureFrames(every n: Int, into directory: String) {
        lock.withLock {
            machine.capture.every = max(0, n)
            machine.capture.directory = directory
        }
    }

    func screenshot(to path: String, atFrame frame: Int, folder: (any ScreenshotStore)?) {
        lock.withLock {
            if let earlier = machine.capture.screenshotPath, let store = machine.capture.screenshotFolder {
                store.abandon(earlier, because: "a newer screenshot was asked for before \(earlier) was taken")
            }
            machine.capture.screenshotPath = path
            machine.capture.screenshotFolder = folder
            machine.capture.screenshotFrame = max(1, frame)
            wake()
        }
    }

    /// The picture on screen, for a screenshot where the card has no writeback.
    var shownPicture: (any VideoPicture)? { lock.withLock { machine.shownPicture } }
    var statistics: DisplayStatistics { lock.withLock { machine.statistics } }
    var failure: PlaybackError? { lock.withLock { machine.failure } }
    var presentationLeadNanoseconds: Int64 { lock.withLock { machine.presentationLeadNanoseconds } }
    var trace: FlipTrace? { lock.withLock { machine.trace } }
    /// For tests: the machine as it stands.
    var state: PresentMachine<Driver.Plane> { lock.withLock { machine } }

    private func wake() {
        wakeups &+= 1
        lock.broadcast()
    }

    // MARK: The presentation thread

    func run() {
        while true {
            switch step() {
            case .worked: continue
            case .stopped: return
            case .idle(let until): waitForWork(until: until)
            }
        }
    }

    /// Sleeps until `until` or until something new comes (at once if it came since `step`).
    private func waitForWork(until: Int64?) {
        lock.withLock {
            while wakeups == wakeupsSeen {
                guard let until else {
                    lock.wait()
                    continue
                }
                if clock.now().nanoseconds >= until { return }
                _ = lock.wait(untilMonotonic: until)
            }
        }
    }

    /// Does what the machine says next; one device call at most.
    @discardableResult
    func step() -> Step {
        let action = lock.withLock {
            wakeupsSeen = wakeups
            return machine.next(now: clock.now().nanoseconds)
        }
        switch action {
        case .wait(let until): return .idle(until: until)
        case .stop: return .stopped
        case .awaitFlip: answer(.flips(driver.waitForFlips(timeoutMilliseconds: Self.flipWaitMilliseconds)))
        case .checkHotplug: answer(.screen(driver.checkHotplug()))
        case .follow(let frame): answer(.screen(driver.follow(frame)))
        case .prepare(let frame, let buffer): answer(.prepared(driver.prepare(frame, buffer: buffer)))
        case .draw(let frame, let plane):
            let started = clock.now()
            do throws(PlaybackError) {
                try driver.draw(frame, as: plane)
                answer(.drawn(nanoseconds: clock.now() - started))
            } catch {
                answer(.drawFailed(error.message))
            }
        case .commit(let plane, let buffer, let capture): answer(.committed(driver.commit(plane, buffer: buffer, capture: capture)))
        case .commitStill(let plane): answer(.committed(driver.commit(plane, buffer: nil, capture: true)))
        }
        return .worked
    }

    /// A screenshot that will not come is said, to the log and to whoever waits for it.
    private func lost(_ target: CapturePlan.Target, _ why: String) {
        guard !target.isSeries else { return }
        Log.warning("display: \(target.path) is not saved: \(why)")
        target.folder?.abandon(target.path, because: why)
    }

    private func answer(_ event: PresentMachine<Driver.Plane>.Event) {
        let (effects, handler) = lock.withLock { (machine.handle(event, now: clock.now().nanoseconds), displayedHandler) }
        for effect in effects {
            switch effect {
            case .displayed(let tag): handler?(tag)
            case .saveCapture(let ticket, let target):
                guard let canvas = driver.captured(ticket) else {
                    let why = "the writeback capture for \(target.path) did not complete within \(driver.captureWaitMilliseconds) ms; no picture saved"
                    Log.warning("display: \(why)")
                    target.folder?.abandon(target.path, because: why)
                    continue
                }
                saveCapture(canvas, target)
            case .discardCapture(let ticket, let target, let why):
                driver.discardCapture(ticket)
                lost(target, why)
            case .captureLost(let target, let why): lost(target, why)
            case .info(let line): Log.info(line)
            case .warning(let line): Log.warning(line)
            }
        }
    }
}
