import PlayheadSys
import Synchronization

/// The driver of the playback core, on a thread of its own: takes the commands, runs the
/// core's pass, carries out the actions it returns (events, observers, opens, closes, pictures)
/// and sleeps until the next thing is due. The core is touched by that thread alone.
final class PlaybackEngine: @unchecked Sendable {
    /// What the API reads: the core's view, published after each pass and with each event,
    /// and the seeks the player posted (written by the player alone). Until a seek is taken up
    /// and has landed, the current time is its target, as AVPlayer's is.
    @dynamicMemberLookup
    struct Snapshot {
        var view: EngineView
        var seeksPosted: UInt64 = 0
        var postedSeekTarget: MediaTime = .zero

        subscript<T>(dynamicMember path: KeyPath<EngineView, T>) -> T { view[keyPath: path] }
    }

    let env: PlaybackEnvironment
    let snapshot: Mutex<Snapshot>
    let observers = ObserverBook()
    /// Read by the threads that open items.
    let selectionCriteria: Mutex<MediaSelectionCriteria>
    let observerCallbacks = Mutex<[TimeObserverToken: @Sendable (MediaTime) -> Void]>([:])
    /// Boxed: a closure kept directly as a Mutex's value is re-thunked on every `withLock`
    /// (its inout write-back), so each event wrapped it once more until, after about a
    /// thousand items, calling it overflowed the stack.
    private struct EventSink { var deliver: @Sendable (PlayerEvent) -> Void }
    private let eventSink = Mutex(EventSink(deliver: { _ in }))
    private let inbox = EngineInbox()
    /// Set once by `start`; `shutdown` may come from any thread.
    private let thread = Mutex<WorkerThread?>(nil)
    /// Time observers are called here, one at a time and in the order their times came.
    let observerQueue = SerialQueue(name: "ph-observers")
    /// Closes the sources that played out (`.closeAside`), one after another on one thread: a
    /// thread each made glibc give each its own malloc arena (the soak's mappings grew).
    let closer = SerialQueue(name: "ph-close")

    /// Whether a pass is running, for a stepped engine's shutdown.
    private let inStep = Mutex(false)

    // Engine thread only.
    var core: PlaybackCore
    /// The first pass started the route monitor; the last one tore everything down.
    private var begun = false
    private var ended = false
    /// The threads opening items, joined when their result comes in (or abandoned past their
    /// bound, and at shutdown).
    var openers: [PlayerItem: ItemOpener] = [:]

    init(env: PlaybackEnvironment, actionAtItemEnd: ActionAtItemEnd,
         events: @escaping @Sendable (PlayerEvent) -> Void) {
        self.env = env
        self.selectionCriteria = Mutex(env.selectionCriteria)
        self.eventSink.withLock { $0.deliver = events }
        self.snapshot = Mutex(Snapshot(view: EngineView(actionAtItemEnd: actionAtItemEnd)))
        let routing = env.routeMonitor == nil ? nil : env.audioSink as? any AudioRouting
        let ports = EnginePorts(clock: env.clock, audioSink: env.audioSink, routing: routing, timeStretcher: env.timeStretcher,
                                observers: observers, reportsDisplay: env.videoSink.reportsDisplay,
                                stallLimitNanoseconds: env.stallLimitNanoseconds, startGroup: env.startGroup, decodeBudget: env.decodeBudget,
                                wake: { [inbox] in inbox.wake() })
        self.core = PlaybackCore(ports: ports, actionAtItemEnd: actionAtItemEnd, restart: env.restart)
        env.startGroup.map { $0.group.register($0.index, wake: ports.wake) }
        // Closing waits while playback needs the processor: it runs at a join, when the next
        // item's first pictures are due (on the 7.x board a join's first picture still came a
        // frame late now and then while the closing ran beside it).
        closer.async { WorkerThread.lowerCurrentPriority(toProcessPlus: Self.probeNiceSteps) }
    }

    func start() {
        if env.videoSink.reportsDisplay {
            env.videoSink.setDisplayedHandler { [weak self] tag in self?.post(.displayed(tag)) }
        }
        // Stepped: the caller's `step()` is the loop.
        guard !env.stepped else { return }
        let worker = WorkerThread(name: "ph-engine") { [self] in run() }
        thread.withLock { $0 = worker }
    }

    func post(_ command: EngineCommand) { inbox.post(command) }

    /// Decoded data arrived or an observer returned: look again.
    func wake() { inbox.wake() }

    /// Stops the engine thread once it has closed every source; safe from any thread and more
    /// than once. Called on the engine's own thread (an event handler dropping the last
    /// reference to its player), it only asks: the loop ends after the handler returns.
    func shutdown() {
        if env.stepped {
            post(.shutdown)
            // Inside a step (an event handler dropping the player) the step's own pass ends it.
            if !inStep.withLock({ $0 }) { _ = runOnce() }
            return
        }
        thread.withLock { $0 }?.stop { post(.shutdown) }
    }

    func setEventSink(_ sink: @escaping @Sendable (PlayerEvent) -> Void) {
        eventSink.withLock { $0.deliver = sink }
    }

    private func run() {
        while true {
            let step = runOnce()
            if step.ended { return }
            inbox.wait(until: step.deadline, clock: env.clock, waitsForData: step.waitsForData)
        }
    }

    /// One pass of the loop: the commands taken, the core's pass run, its actions carried out,
    /// its view published. The engine's thread calls it, or, stepped, whoever steps the player
    /// (one caller at a time).
    func runOnce() -> EngineStep {
        inStep.withLock { $0 = true }
        defer { inStep.withLock { $0 = false } }
        if ended { return EngineStep(deadline: nil, waitsForData: false, ended: true) }
        if !begun {
            begun = true
            startRouteMonitor()
            core.checkOutputs(videoFailure: env.videoSink.failure)
            carryOut()
        }
        let commands = inbox.take()
        abandonOverdueOpens()
        carryOut()
        for command in commands {
            switch command {
            case .shutdown:
                tearDown()
                env.startGroup.map { $0.group.leave($0.index) }
                env.decodeBudget.map { $0.share.release($0.index) }
                ended = true
                return EngineStep(deadline: nil, waitsForData: false, ended: true)
            case .opened(let item, let result, let attempt):
                openAnswered(item, result, attempt: attempt)
            case .respond(let answer):
                answer()
            case .wedge(let seconds):
                MonotonicClock.sleep(milliseconds: Int(seconds * 1000))
            default:
                core.handle(command)
            }
            carryOut()
        }
        core.checkOutputs(videoFailure: env.videoSink.failure)
        let deadline = core.pump(videoLeadNanoseconds: env.clock.isVirtual ? 0 : env.videoSink.presentationLeadNanoseconds)
        carryOut()
        let view = core.view
        snapshot.withLock { $0.view = view }
        return EngineStep(deadline: deadline, waitsForData: core.awaitingWake, ended: false)
    }

    /// Runs on the engine thread before the first command, so that the policy exists before
    /// any device event can arrive. The monitor calls back on its own thread: its events only
    /// enter the command queue.
    private func startRouteMonitor() {
        // A suspended device is an interruption that ends by itself when the device plays again.
        env.audioSink.setInterruptionHandler { [weak self] began in
            self?.post(began ? .beginInterruption(.pause) : .endInterruption(shouldResume: true))
        }
        guard let monitor = env.routeMonitor, core.ports.routing != nil else { return }
        core.beginRouting(preferences: env.routePreferences, available: monitor.availableRoutes(),
                          resumesWhenBack: env.resumeWhenRouteReturns)
        monitor.start { [weak self] event in self?.post(.audioDevice(event)) }
    }

    /// How long shutting down waits for an item's open to end by itself.
    static let openerJoinNanoseconds: Int64 = 500_000_000

    private func tearDown() {
        observerQueue.stop()
        env.routeMonitor?.stop()
        // An open in progress ends by itself (a network open within its timeout); what it
        // opened is closed when its command is dropped with the inbox. One stuck in the kernel
        // (a device that never answers) is left behind: the exit is not held for it.
        let deadline = MonotonicClock().now().nanoseconds + Self.openerJoinNanoseconds
        for opener in openers.values where opener.thread?.join(untilMonotonic: deadline) == false {
            Log.warning("an item's open did not end within \(Self.openerJoinNanoseconds / 1_000_000) ms of shutting down; left behind")
        }
        openers.removeAll()
        // What was handed to the closing thread is closed before the rest.
        closer.finish()
        core.tearDown()
        carryOut()
    }

    /// Carries out what the core asked for, in its order.
    private func carryOut() {
        for action in core.takeActions() {
            switch action {
            case .emit(let event, let view):
                deliver(event, view)
            case .completeSeek(let completion, let finished, let event, let view):
                snapshot.withLock { $0.view = view }
                completion?(finished)
                deliver(event, view)
            case .fire(let fires):
                fire(fires)
            case .open(let item, let attempt):
                open(item, attempt: attempt)
            case .close(let source):
                source.close()
            case .closeAside(let source):
                closer.async { source.close() }
            case .present(let frame, let due):
                env.videoSink.present(frame, dueAt: due)
            case .flushVideo:
                env.videoSink.flush()
            case .showSlate(let text):
                showSlate(text)
            case .watchToggles(let item):
                item.setToggleHandler { [weak self] item, type, enabled in
                    self?.post(.trackToggled(item, type, enabled))
                }
                item.setSelectionHandler { [weak self] item, characteristic in
                    self?.post(.selectionChosen(item, characteristic))
                }
            case .unwatchToggles(let item):
                item.setToggleHandler(nil)
                item.setSelectionHandler(nil)
            }
        }
    }

    private func deliver(_ event: PlayerEvent, _ view: EngineView) {
        snapshot.withLock { $0.view = view }
        eventSink.withLock { $0.deliver }(event)
    }

    private func fire(_ fires: [TimeObserverSchedule.Fire]) {
        let callbacks = observerCallbacks.withLock { $0 }
        for f in fires {
            guard let cb = callbacks[f.token] else {
                observers.withLock { $0.returned(f.token) }
                continue
            }
            guard !env.stepped else {
                // Stepped: in order, on the stepping thread, before the step returns.
                cb(f.time)
                observers.withLock { $0.returned(f.token) }
                continue
            }
            observerQueue.async { [self] in
                cb(f.time)
                observers.withLock { $0.returned(f.token) }
                wake()
            }
        }
    }

    /// A plain picture with one line saying why, instead of the last frame held on screen, and
    /// no sound, while nothing plays.
    private func showSlate(_ text: String) {
        let size = PixelSize(width: 1920, height: 1080)
        let picture = SlatePicture(size: size, color: env.slateColor, text: text)
        let frame = VideoFrame(pts: .zero, duration: .zero, isKeyframe: true, picture: picture)
        env.videoSink.flush()
        env.videoSink.present(frame, dueAt: env.clock.now())
    }
}
