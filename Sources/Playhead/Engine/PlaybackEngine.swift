import DequeModule
import PlayheadSys
import Synchronization

/// The playback loop, on a thread of its own: take commands, pull decoded media, feed the
/// sinks at the right times, announce what happened, sleep until the next thing is due.
/// All fields below `// Engine thread only` are touched by that thread alone.
final class PlaybackEngine: @unchecked Sendable {
    struct Snapshot {
        var items: [PlayerItem] = []
        var clock = PresentationClock()
        var offset: MediaTime = .zero
        var rate: PlaybackRate = .paused
        var statistics = PlaybackStatistics()
        var finished = false
        var volume: Float = 1
        var muted = false
        var actionAtItemEnd: ActionAtItemEnd = .pause
        var status: PlayerStatus = .unknown
        var error: PlaybackError?
        var restarting = false
        /// Waiting for data: a stall, or an item being opened.
        var waiting = false
        var timeControl = TimeControl(status: .paused, reason: nil)
        /// Seeks the player posted (written by the player alone) and the target of the latest;
        /// seeks the engine took up (written by the engine alone), and the target of the one it
        /// has not landed yet. Until a seek is taken up and has landed, the current time is its
        /// target, as AVPlayer's is.
        var seeksPosted: UInt64 = 0
        var postedSeekTarget: MediaTime = .zero
        var seeksTaken: UInt64 = 0
        var unlandedSeekTarget: MediaTime?
    }

    let env: PlaybackEnvironment
    let snapshot: Mutex<Snapshot>
    let observers = Mutex(TimeObserverSchedule())
    let observerCallbacks = Mutex<[TimeObserverToken: @Sendable (MediaTime) -> Void]>([:])
    /// Boxed: a closure kept directly as a Mutex's value is re-thunked on every `withLock`
    /// (its inout write-back), so each event wrapped it once more until, after about a
    /// thousand items, calling it overflowed the stack.
    private struct EventSink { var deliver: @Sendable (PlayerEvent) -> Void }
    private let eventSink = Mutex(EventSink(deliver: { _ in }))
    private let inboxLock = ConditionLock()
    private var inbox: [EngineCommand] = []
    private var woken = false
    /// Set once by `start`; `shutdown` may come from any thread.
    private let thread = Mutex<WorkerThread?>(nil)
    /// Time observers are called here, one at a time and in the order their times came.
    let observerQueue = SerialQueue(name: "ph-observers")
    /// Closes the sources that played out (closeAside), one after another on one thread: a
    /// thread each made glibc give each its own malloc arena (the soak's mappings grew).
    let closer = SerialQueue(name: "ph-close")

    /// Whether a pass is running, for a stepped engine's shutdown.
    private let inStep = Mutex(false)

    // Engine thread only.
    /// The first pass started the route monitor; the last one tore everything down.
    private var begun = false
    private var ended = false
    var queue = PlayQueue<PlayerItem>(items: [])
    var segments: [Segment] = []
    var nextSegmentID: UInt64 = 1
    /// The next item, decoding its start while the current one ends; it joins `segments` once
    /// the current one has been read to its end, when its place on the timeline is known.
    var decodingAhead: Segment?
    var opening: Set<PlayerItem> = []
    /// The threads opening items, joined when their result comes in (or abandoned past their
    /// bound, and at shutdown).
    var openers: [PlayerItem: ItemOpener] = [:]
    var openAttempts: UInt64 = 0
    var opened: [PlayerItem: Result<any MediaSource, PlaybackError>] = [:]
    var clock = PresentationClock()
    var rate: PlaybackRate = .paused
    var volume: Float = 1
    var muted = false
    /// Gain while an interruption ducks the sound (1 otherwise).
    var duckGain: Float = 1
    /// Carries volume, mute and duck changes into the samples without a click.
    var volumeRamp: VolumeRamp
    var interruptions = InterruptionPolicy()
    /// The rate an interruption paused, to come back to when it ends.
    var rateBeforeInterruption: PlaybackRate?
    /// Set when the audio sink can move and a monitor watches the devices.
    var routePolicy: RoutePolicy?
    /// A route the policy chose that another program holds: tried again until it is free,
    /// with playback interrupted meanwhile.
    var busyRoute: (route: AudioRoute, retryAt: HostTime)?
    /// The rate a lost route paused, for the policy's resume when it comes back.
    var rateBeforeRouteLoss: PlaybackRate?
    var actionAtItemEnd: ActionAtItemEnd
    var status: PlayerStatus = .unknown
    var error: PlaybackError?
    var video = Deque<QueuedFrame>()
    /// Decoded sound: waiting to be written, pulled and not yet heard, to be played again.
    var sound = SoundLine()
    /// The piece of sound next to be written.
    var audio: SoundLine.Piece? {
        get { sound.waiting }
        set { sound.waiting = newValue }
    }
    /// The stretcher, once a rate from 0.5 to 2 needed one.
    var stretch: StretchedAudio?
    /// Counts audio flushes, so that a step holding a copy of the audio state can tell that
    /// it was overtaken.
    var audioEpoch: UInt64 = 0
    var audioMap: AudioClockMap
    var seeks = SeekCoordinator()
    /// The player's seeks taken from the inbox (see `Snapshot.seeksTaken`).
    var seeksTaken: UInt64 = 0
    var seekCompletions: [UInt64: @Sendable (Bool) -> Void] = [:]
    var statistics = PlaybackStatistics()
    /// Whether the clock runs, or waits for the start's data, or stands in a stall.
    var phase = PlaybackPhase.starting(firstPictureSince: nil)
    var awaitingWake = false
    var lastObservedTime: MediaTime?
    var pendingSeek: SeekRequest?
    var lastPresentedEnd: MediaTime?
    /// The frame on screen, in its item's own time: where a change of direction starts from.
    var onScreen: (item: PlayerItem, pts: MediaTime, end: MediaTime)?
    var deferredSeek: SeekRequest?
    let scheduler = FrameScheduler()
    /// First frames handed to a sink that reports display, by tag, until it says they are shown.
    var awaitingDisplay: [UInt64: (item: PlayerItem, pts: MediaTime)] = [:]
    var nextDisplayTag: UInt64 = 1
    /// The volume last handed to the sink's mixer, and whether the mixer took it.
    var hardwareVolumeSent: Float = -1
    var hardwareVolumeInUse = false
    var restartPolicy: RestartPolicy
    /// A failed item waiting for its next try (or, when everything fails, the queue waiting).
    var pendingRestart: PendingRestart?
    /// Where the item that is being tried again was, while its tries fail to open.
    var pendingRestartPosition: (item: PlayerItem, position: MediaTime)?
    /// The item that started and where, until it has played long enough to end a run of failures.
    var progressMark: (item: PlayerItem, from: MediaTime)?

    init(env: PlaybackEnvironment, actionAtItemEnd: ActionAtItemEnd,
         events: @escaping @Sendable (PlayerEvent) -> Void) {
        self.env = env
        self.actionAtItemEnd = actionAtItemEnd
        self.eventSink.withLock { $0.deliver = events }
        self.audioMap = AudioClockMap(sampleRate: env.audioSink.format.sampleRate)
        self.volumeRamp = VolumeRamp(sampleRate: env.audioSink.format.sampleRate)
        self.snapshot = Mutex(Snapshot(actionAtItemEnd: actionAtItemEnd))
        self.restartPolicy = RestartPolicy(env.restart, seed: UInt64(truncatingIfNeeded: env.clock.now().nanoseconds))
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

    func post(_ command: EngineCommand) {
        inboxLock.withLock {
            inbox.append(command)
            inboxLock.broadcast()
        }
    }

    /// Decoded data arrived or an observer returned: look again.
    func wake() {
        inboxLock.withLock {
            woken = true
            inboxLock.broadcast()
        }
    }

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

    func emit(_ kind: PlayerEvent.Kind, item: PlayerItem?, time: MediaTime? = nil) {
        let event = PlayerEvent(kind, item: item, time: time ?? currentItemTime())
        // Whoever reads the player on hearing of an event sees the state that caused it (the
        // last item's end with the final statistics), not the state of the previous pass.
        publishSnapshot()
        eventSink.withLock { $0.deliver }(event)
    }

    private func run() {
        while true {
            let step = runOnce()
            if step.ended { return }
            sleep(until: step.deadline)
        }
    }

    /// One pass of the loop: the commands taken, the media pumped, the state published.
    /// The engine's thread calls it, or, stepped, whoever steps the player (one caller at a time).
    func runOnce() -> EngineStep {
        inStep.withLock { $0 = true }
        defer { inStep.withLock { $0 = false } }
        if ended { return EngineStep(deadline: nil, waitsForData: false, ended: true) }
        if !begun {
            begun = true
            startRouteMonitor()
            checkOutputs()
        }
        let commands = inboxLock.withLock { () -> [EngineCommand] in
            defer { inbox.removeAll(keepingCapacity: true); woken = false }
            return inbox
        }
        abandonOverdueOpens()
        for command in commands {
            if case .shutdown = command {
                tearDown()
                ended = true
                return EngineStep(deadline: nil, waitsForData: false, ended: true)
            }
            handle(command)
        }
        checkOutputs()
        let deadline = pump()
        publishSnapshot()
        return EngineStep(deadline: deadline, waitsForData: awaitingWake, ended: false)
    }

    /// Sleeps until `deadline` (nil: until woken). A virtual clock jumps to the deadline
    /// instead, unless the engine waits for decoded data: virtual time never outruns decoding.
    /// No wait is unbounded: a wake that never comes costs a short poll, never a hang.
    private func sleep(until deadline: HostTime?) {
        let clock = env.clock
        inboxLock.withLock {
            guard inbox.isEmpty && !woken else { return }
            if clock.isVirtual {
                if let deadline, !awaitingWake {
                    clock.advance(to: deadline)
                    return
                }
                _ = inboxLock.wait(untilMonotonic: MonotonicClock().now().nanoseconds + 10_000_000)
                return
            }
            let cap = clock.now() + 50_000_000
            let until = min(deadline ?? cap, cap)
            _ = inboxLock.wait(untilMonotonic: until.nanoseconds)
        }
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
        for s in segments where !s.replaysPrevious { s.source.close() }
        segments.removeAll()
        dropDecodingAhead()
        for case .success(let source) in opened.values { source.close() }
        opened.removeAll()
        for action in seeks.cancel() { perform(action) }
    }

    func publishSnapshot() {
        let offset = segments.first?.offset ?? .zero
        snapshot.withLock { s in
            s.items = queue.items
            s.clock = clock
            s.offset = offset
            s.rate = rate
            s.statistics = statistics
            s.volume = volume
            s.muted = muted
            s.actionAtItemEnd = actionAtItemEnd
            s.finished = queue.items.isEmpty && opening.isEmpty
            s.status = status
            s.error = error
            s.restarting = pendingRestart != nil
            s.waiting = !phase.isRunning || segments.isEmpty
            s.timeControl = TimeControl.decide(paused: rate.isPaused, restarting: pendingRestart != nil, hasItem: !queue.items.isEmpty,
                                               itemOpen: !segments.isEmpty, stalled: phase.isStalled, waitingForData: phase.isStarting)
            s.seeksTaken = seeksTaken
            s.unlandedSeekTarget = (deferredSeek ?? pendingSeek)?.target
        }
    }

    /// Media time of the current item now.
    func currentItemTime() -> MediaTime {
        guard let s = segments.first else { return .zero }
        return timelineNow() - s.offset
    }

    func timelineNow() -> MediaTime {
        clock.mediaTime(at: env.clock.now())
    }

    func perform(_ action: SeekCoordinator.Action) {
        switch action {
        case .complete(let id, let finished):
            let item = segments.first?.item
            // Whoever the completion wakes reads currentTime(): it must see the landing.
            publishSnapshot()
            seekCompletions.removeValue(forKey: id)?(finished)
            emit(.seekCompleted(finished: finished), item: item)
        case .startSeek:
            break
        }
    }

    func fire(_ fires: [TimeObserverSchedule.Fire]) {
        guard !fires.isEmpty else { return }
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
}
