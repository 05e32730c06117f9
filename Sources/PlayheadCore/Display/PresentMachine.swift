/// The display's present loop as decisions only, in swift-async-algorithms' shape: the
/// engine's frames, the device's answers and the time go in; actions (draw into buffer i,
/// commit at T, wait for the flip) and effects (a frame's tag is on screen, save a capture)
/// come out. A driver carries them out on the presentation thread; tests step it with a
/// virtual clock. `Plane` is the device's description of what one buffer shows.
///
/// A frame goes: follow (the mode may change with the content) -> prepare (which buffer and
/// plane state) -> draw -> wait for its commit time -> commit -> flip. Only one commit waits
/// for its flip at a time, so at most one frame is on its way; a newer frame replaces one
/// still waiting to start (the newest wins, the other is counted dropped).
public struct PresentMachine<Plane: Sendable>: Sendable {
    struct Pending: Sendable {
        var frame: VideoFrame
        var due: HostTime
        /// When the engine handed it over (nanoseconds, the trace's `arrived`).
        var arrivedAt: Int64
    }

    struct Job: Sendable {
        var frame: VideoFrame
        var due: HostTime
        var arrivedAt: Int64
        var buffer: Int
        var plane: Plane
    }

    /// A device call with what it was asked for.
    enum Step: Sendable {
        case flip
        case hotplug
        case follow(Pending)
        case prepare(Pending, buffer: Int)
        case draw(Job)
        case commit(Job, CapturePlan.Target?)
        case commitStill(Plane, CapturePlan.Target)
        case stillFlip(ticket: Int32?, CapturePlan.Target)
    }

    enum Phase: Sendable {
        /// Nothing in hand: the next step comes from the ring, the pending frame, a screenshot.
        case idle
        /// This step's action is handed out next.
        case due(Step)
        /// Its action is out; the device's answer comes through `handle`.
        case out(Step)
        case waitingToCommit(Job, at: Int64)
    }

    /// No new picture for this long (paused, a still picture): a screenshot takes the screen
    /// as it stands rather than wait for a frame that may never come.
    public static var stillAfterNanoseconds: Int64 { 100_000_000 }

    // Written by the engine's calls:
    var pending: Pending?
    var stopping = false
    public var capture = CapturePlan()

    public internal(set) var statistics = DisplayStatistics()
    /// Drawing time, a running average.
    public internal(set) var drawEstimate: Int64 = 0
    /// Set once nothing more can be shown (the card went away).
    public internal(set) var failure: PlaybackError?
    public internal(set) var refresh: Int64
    public internal(set) var ring: BufferRing<PresentedBuffer<Plane>>
    /// The last vblank a flip landed on: the vblanks after it come a refresh apart.
    public internal(set) var lastVblank: Int64?
    /// How far after its time the last picture landed (FlipTiming keeps to that side).
    public internal(set) var lastFlipOffset: Int64?
    public internal(set) var connected: Bool
    /// The picture on screen (the last one a flip showed): where the card has no writeback,
    /// a screenshot is made from it. Kept through a mode change, which shows black only until
    /// the next picture.
    public internal(set) var shownPicture: (any VideoPicture)?
    public var trace: FlipTrace?

    var phase = Phase.idle
    /// A hot-plug check is due before the next frame (after each piece of work).
    var hotplugDue = true
    /// When the loop last ran out of work, for the still screenshot.
    var quietSince: Int64?
    var committedFrames = 0
    /// A run of refused commits is said once, not per frame.
    var commitsRefused = false
    /// The last drawing failure said: a failing format is said once, not per frame.
    var lastDrawError: String?
    let canCapture: Bool
    /// How the device is named in what is said ("/dev/dri/card0").
    let device: String

    public init(buffers: Int, refreshNanoseconds: Int64, connected: Bool, canCapture: Bool, device: String, trace: FlipTrace? = nil) {
        ring = BufferRing(count: buffers)
        refresh = refreshNanoseconds
        self.connected = connected
        self.canCapture = canCapture
        self.device = device
        self.trace = trace
        startOver()
    }

    /// Buffer 0 went on screen (black) with the mode set.
    mutating func startOver() {
        ring = BufferRing(count: ring.count)
        if let first = ring.acquire() {
            ring.queue(first)
            ring.flipped()
        }
    }

    var timing: FlipTiming { FlipTiming(refresh: refresh, lastVblank: lastVblank, lastOffset: lastFlipOffset) }

    // MARK: The engine's side

    /// The newest frame wins: one still waiting is dropped, and its tag goes on with the
    /// newer one, so the engine still hears of it.
    public mutating func frameArrived(_ frame: VideoFrame, due: HostTime, now: Int64) {
        var frame = frame
        if let old = pending {
            statistics.dropped += 1
            if frame.displayTag == 0 { frame.displayTag = old.frame.displayTag }
        }
        pending = Pending(frame: frame, due: due, arrivedAt: now)
    }

    public mutating func flush() { pending = nil }

    public mutating func stop() { stopping = true }

    /// Drawing time plus a refresh and a half: the commit goes in right after the vblank
    /// before the frame's own (see FlipTiming), which can be up to one and a half refreshes
    /// before its time. At most a quarter of a second.
    public var presentationLeadNanoseconds: Int64 { min(250_000_000, drawEstimate + refresh + refresh / 2) }

    // MARK: The presentation thread's side

    /// What to do now. Each action but `wait` and `stop` must be answered through `handle`
    /// before `next` is called again.
    public mutating func next(now: Int64) -> Action {
        switch phase {
        case .out(let step): preconditionFailure("next() while \(step) waits for its answer")
        case .due(let step): return handOut(step)
        case .waitingToCommit(let job, let at): return commitOrWait(job, at: at, now: now)
        case .idle: return decide(now: now)
        }
    }

    mutating func handOut(_ step: Step) -> Action {
        phase = .out(step)
        quietSince = nil
        switch step {
        case .flip, .stillFlip: return .awaitFlip
        case .hotplug: return .checkHotplug
        case .follow(let p): return .follow(p.frame)
        case .prepare(let p, let buffer): return .prepare(p.frame, buffer: buffer)
        case .draw(let job): return .draw(job.frame, job.plane)
        case .commit(let job, let target): return .commit(job.plane, buffer: job.buffer, capture: target != nil)
        case .commitStill(let plane, _): return .commitStill(plane)
        }
    }

    /// In this order: a queued flip first (its buffer cannot be reused until it is on screen),
    /// then the hot-plug check, then a stop, the pending frame, a still screenshot.
    /// The screen is looked at again before the next frame, or at once when idle: a display
    /// power request waits for it.
    public mutating func checkScreenSoon() { hotplugDue = true }

    mutating func decide(now: Int64) -> Action {
        if ring.queued != nil { return handOut(.flip) }
        if hotplugDue {
            hotplugDue = false
            return handOut(.hotplug)
        }
        if stopping { return .stop }
        if let p = pending {
            pending = nil
            hotplugDue = true
            guard connected else {
                statistics.withoutDisplay += 1
                return decide(now: now)
            }
            return handOut(.follow(p))
        }
        let since = quietSince ?? now
        quietSince = since
        guard capture.screenshotPath != nil, connected, canCapture, let shown = ring.current.flatMap({ ring.record(of: $0) }) else {
            return .wait(until: nil)
        }
        let at = since + Self.stillAfterNanoseconds
        guard now >= at else { return .wait(until: at) }
        guard let target = capture.takeScreenshot() else { return .wait(until: nil) }
        hotplugDue = true
        return handOut(.commitStill(shown.plane, target))
    }

    /// Commits so that the flip lands on the vblank nearest the due time (see FlipTiming).
    /// New frames arriving wake the wait; it goes on for this one's moment.
    mutating func commitOrWait(_ job: Job, at: Int64, now: Int64) -> Action {
        if now < at {
            guard stopping else { return .wait(until: at) }
            ring.release(job.buffer)
            phase = .idle
            return decide(now: now)
        }
        phase = .idle
        if dropsLate(job, drawing: 0, now: now) {
            ring.release(job.buffer)
            return decide(now: now)
        }
        committedFrames += 1
        let target = capture.target(forFrame: committedFrames, pts: job.frame.pts)
        return handOut(.commit(job, canCapture ? target : nil))
    }

    /// A frame whose flip would land more than half a refresh after its time is dropped
    /// rather than shown late (FlipTiming.dropsLate): the vblank it would take is the first one
    /// after now. An item's first frame is always shown (the engine waits to hear of it), and
    /// so is any frame once the picture is frozen: a late picture beats a frozen one; and so is
    /// a still overlay's picture (`showsEvenLate`).
    /// `drawing` is the drawing time still ahead (before the picture is drawn).
    mutating func dropsLate(_ job: Job, drawing: Int64, now: Int64) -> Bool {
        let timing = self.timing
        guard job.frame.displayTag == 0, !job.frame.showsEvenLate else { return false }
        guard timing.dropsLate(due: job.due.nanoseconds, now: now, frameDuration: job.frame.duration.nanoseconds, drawing: drawing),
              let next = timing.nextVblank(after: now + drawing) else { return false }
        trace?.dropped(pts: job.frame.pts, due: job.due.nanoseconds, arrived: job.arrivedAt, expectedVblank: next)
        statistics.dropped += 1
        statistics.droppedLate += 1
        if drawing > 0 { statistics.droppedUndrawn += 1 }
        return true
    }
}
