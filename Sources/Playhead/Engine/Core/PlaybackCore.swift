import DequeModule
import PlayheadCore

/// The engine's state and its decisions, as a value: the driver (`PlaybackEngine`) hands it
/// commands and runs its pass, and carries out the `EngineAction`s it returns. Each stream of
/// each segment has its phase (`StreamPhase`, `SegmentPhase`), the playback its own
/// (`PlaybackPhase`); the rules live in PlayheadCore's small deciders (`StartCheck`, `StallCheck`,
/// `EndCheck`, `NextItemPlan`, `PassWake`, `SoundPlacement`, `SeekLanding`, ...).
/// It reads and steers its sources and the sound device directly (`EnginePorts`): within one
/// pass, what a pull brought and how much the device took decide the next step.
struct PlaybackCore {
    let ports: EnginePorts
    /// What the driver is to carry out, in order; taken after each call (`takeActions`).
    private(set) var actions: [EngineAction] = []

    var queue = PlayQueue<PlayerItem>(items: [])
    var segments: [Segment] = []
    var nextSegmentID: UInt64 = 1
    /// The next item, decoding its start while the current one ends; it joins `segments` once
    /// the current one has been read to its end, when its place on the timeline is known.
    var decodingAhead: Segment?
    /// Items whose open the driver is carrying out, and the results that came in.
    var opening: Set<PlayerItem> = []
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
    /// The player's seeks taken from the inbox (see `PlaybackEngine.Snapshot`).
    var seeksTaken: UInt64 = 0
    var seekCompletions: [UInt64: @Sendable (Bool) -> Void] = [:]
    var statistics = PlaybackStatistics()
    /// Whether the clock runs, or waits for the start's data, or stands in a stall.
    var phase = PlaybackPhase.starting(firstPictureSince: nil)
    /// The last pass ended waiting for a source's data, not for a time.
    var awaitingWake = false
    /// Ready to start and waiting for the rest of its start group, until then at most.
    var groupWaitUntil: HostTime?
    /// Where and when the next start of the current item must put its clock (`playAt`).
    var scheduledStart: ScheduledStart?
    /// A group's member stalled there (PlaybackCore+Group).
    var groupLost: GroupPlace?
    /// A group's member seeks to where the group is; it stalled there.
    var groupCatchUp: GroupPlace?
    /// Opened items the decode budget lets play their key frames only.
    var keyFramesOnly: Set<PlayerItem> = []
    /// Opened items' admitted shares of the decode budget, taken when they start decoding.
    var budgetShares: [PlayerItem: Double] = [:]
    /// The share this player last told the budget it decodes.
    var budgetShareTaken = 0.0
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
    /// An item tried again at its start or live edge after it played elsewhere: its start is a
    /// time jump to announce.
    var jumpAtStart: PlayerItem?
    /// The item that started and where, until it has played long enough to end a run of failures.
    var progressMark: (item: PlayerItem, from: MediaTime)?
    /// The current item's first pass, while it is short enough to be looped from memory.
    var kept: KeptPass?

    init(ports: EnginePorts, actionAtItemEnd: ActionAtItemEnd, restart: RestartPolicy.Settings) {
        self.ports = ports
        self.actionAtItemEnd = actionAtItemEnd
        let sampleRate = ports.audioSink.format.sampleRate
        self.audioMap = AudioClockMap(sampleRate: sampleRate)
        self.volumeRamp = VolumeRamp(sampleRate: sampleRate)
        self.restartPolicy = RestartPolicy(restart, seed: UInt64(truncatingIfNeeded: ports.clock.now().nanoseconds))
    }

    /// The actions so far, handed over once.
    mutating func takeActions() -> [EngineAction] {
        // Most passes ask for nothing: they cost no allocation.
        guard !actions.isEmpty else { return [] }
        defer { actions = [] }
        return actions
    }

    mutating func act(_ action: EngineAction) {
        actions.append(action)
    }

    var view: EngineView {
        EngineView(
            items: queue.items, clock: clock, offset: segments.first?.offset ?? .zero, rate: rate, statistics: statistics,
            finished: queue.items.isEmpty && opening.isEmpty, volume: volume, muted: muted, actionAtItemEnd: actionAtItemEnd,
            status: status, error: error, restarting: pendingRestart != nil, waiting: !phase.isRunning || segments.isEmpty,
            timeControl: TimeControl.decide(paused: rate.isPaused, restarting: pendingRestart != nil, hasItem: !queue.items.isEmpty,
                                            itemOpen: !segments.isEmpty, stalled: phase.isStalled, waitingForData: phase.isStarting),
            seeksTaken: seeksTaken, unlandedSeekTarget: (deferredSeek ?? pendingSeek)?.target)
    }

    mutating func emit(_ kind: PlayerEvent.Kind, item: PlayerItem?, time: MediaTime? = nil) {
        act(.emit(PlayerEvent(kind, item: item, time: time ?? currentItemTime()), view: view))
    }

    mutating func fire(_ fires: [TimeObserverSchedule.Fire]) {
        if !fires.isEmpty { act(.fire(fires)) }
    }

    mutating func perform(_ action: SeekCoordinator.Action) {
        switch action {
        case .complete(let id, let finished):
            let item = segments.first?.item
            // Whoever the completion wakes reads currentTime(): it must see the landing.
            let event = PlayerEvent(.seekCompleted(finished: finished), item: item, time: currentItemTime())
            act(.completeSeek(seekCompletions.removeValue(forKey: id), finished: finished, event: event, view: view))
        case .startSeek:
            break
        }
    }

    /// Media time of the current item now.
    func currentItemTime() -> MediaTime {
        guard let s = segments.first else { return .zero }
        return timelineNow() - s.offset
    }

    func timelineNow() -> MediaTime {
        clock.mediaTime(at: ports.clock.now())
    }

    /// The driver's last act: every source closed, every seek's completion called.
    mutating func tearDown() {
        for s in segments where !s.replaysPrevious { act(.close(s.source)) }
        segments.removeAll()
        dropDecodingAhead()
        for case .success(let source) in opened.values { act(.close(source)) }
        opened.removeAll()
        for action in seeks.cancel() { perform(action) }
    }
}
