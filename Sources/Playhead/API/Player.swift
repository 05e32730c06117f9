import Synchronization

/// Plays one item at a time (AVPlayer). Methods return at once; the engine thread carries
/// them out in order. Events arrive as an AsyncStream (`events()`) or through `onEvent`.
public class Player: @unchecked Sendable {
    public typealias Status = PlayerStatus

    let engine: PlaybackEngine
    private let delivery = Mutex(EventDelivery())
    private let defaultPlaybackRate = Mutex<PlaybackRate>(.normal)
    /// The volume and mute last set (nil: never), posted to the engine under the same lock so
    /// that the engine takes them in the order they were set.
    private let requested = Mutex<(volume: Float?, muted: Bool?)>((nil, nil))

    public init(environment: PlaybackEnvironment, item: PlayerItem? = nil) {
        engine = PlaybackEngine(env: environment, actionAtItemEnd: Self.defaultActionAtItemEnd, events: { _ in })
        engine.setEventSink { [weak self] event in self?.deliver(event) }
        engine.start()
        if let item { engine.post(.insert(item, after: nil)) }
    }

    class var defaultActionAtItemEnd: ActionAtItemEnd { .pause }

    deinit {
        shutdown()
    }

    /// Stops playback for good: every source is closed and the engine's threads are joined
    /// before it returns, so the outputs can be closed after it. Event streams finish. Safe
    /// to call more than once; the player does nothing afterwards.
    public func shutdown() {
        engine.shutdown()
        let streams = delivery.withLock { d in
            defer { d.subscribers.removeAll() }
            return Array(d.subscribers.values)
        }
        for c in streams { c.finish() }
    }

    // MARK: State

    public var status: Status { engine.snapshot.withLock { $0.status } }
    public var error: PlaybackError? { engine.snapshot.withLock { $0.error } }
    public var currentItem: PlayerItem? { engine.snapshot.withLock { $0.items.first } }

    /// The current item's time; while a seek has not landed (or the engine has not taken it
    /// up yet), its target, as AVPlayer reports it: an appliance resuming its place must not
    /// read, and save, the time before the seek meanwhile.
    public func currentTime() -> MediaTime {
        let (clock, offset, hasItem, seeking) = engine.snapshot.withLock { s in
            (s.clock, s.offset, !s.items.isEmpty, s.seeksPosted > s.seeksTaken ? s.postedSeekTarget : s.unlandedSeekTarget)
        }
        // Before the hasItem test: the items a resuming appliance inserts may not be taken up yet.
        if let seeking { return seeking }
        guard hasItem else { return .zero }
        return clock.mediaTime(at: engine.env.clock.now()) - offset
    }

    /// The current item and its time at `host` (nil while it opens, seeks, waits or is
    /// paused), read together: read apart, an item change between the two reads paired one
    /// item with the other's time, a whole item off.
    public func currentItemAndTime(atHostTime host: HostTime) -> (item: PlayerItem, time: MediaTime?)? {
        let (item, clock, offset, playing) = engine.snapshot.withLock { s in
            (s.items.first, s.clock, s.offset, s.timeControl.status == .playing && s.seeksPosted == s.seeksTaken)
        }
        guard let item else { return nil }
        return (item, playing ? clock.mediaTime(at: host) - offset : nil)
    }

    /// The rate as the engine holds it, exactly (a sync group's nudges are thousandths).
    public var exactRate: PlaybackRate { engine.snapshot.withLock { $0.rate } }

    public var rate: Double {
        get { engine.snapshot.withLock { $0.rate.doubleValue } }
        set { engine.post(.setRate(PlaybackRate(newValue))) }
    }

    /// The rate `play()` starts at, as AVPlayer's `defaultRate` (1 unless set; 0 is taken as 1).
    public var defaultRate: Double {
        get { defaultPlaybackRate.withLock { $0.doubleValue } }
        set { defaultPlaybackRate.withLock { $0 = newValue == 0 ? .normal : PlaybackRate(newValue) } }
    }

    /// What was last set reads back at once, before the engine has taken it: "volume +0.05"
    /// twice in a row, read from the engine's state, lost a step whenever its loop was slower
    /// than the two (a held button's repeats on a busy board). Only this API sets either.
    public var volume: Float {
        get { requested.withLock { $0.volume } ?? engine.snapshot.withLock { $0.volume } }
        set {
            requested.withLock { r in
                r.volume = min(max(newValue, 0), 1)
                engine.post(.setVolume(newValue))
            }
        }
    }

    public var isMuted: Bool {
        get { requested.withLock { $0.muted } ?? engine.snapshot.withLock { $0.muted } }
        set {
            requested.withLock { r in
                r.muted = newValue
                engine.post(.setMuted(newValue))
            }
        }
    }

    public var actionAtItemEnd: ActionAtItemEnd {
        get { engine.snapshot.withLock { $0.actionAtItemEnd } }
        set { engine.post(.setActionAtItemEnd(newValue)) }
    }

    public var statistics: PlaybackStatistics { engine.snapshot.withLock { $0.statistics } }

    /// A failed item waits to be tried again (the screen shows the slate).
    public var isRestarting: Bool { engine.snapshot.withLock { $0.restarting } }

    /// Nothing can play for now through no fault of the loop: a stall, an item opening, a restart.
    public var isWaitingForMedia: Bool { engine.snapshot.withLock { $0.waiting || $0.restarting } }

    /// Whether time moves, as of the engine's last pass (AVPlayer.timeControlStatus).
    public var timeControlStatus: TimeControlStatus { engine.snapshot.withLock { $0.timeControl.status } }

    /// Why the player waits while asked to play, or nil (AVPlayer.reasonForWaitingToPlay).
    public var reasonForWaitingToPlay: WaitingReason? { engine.snapshot.withLock { $0.timeControl.reason } }

    /// Both at once, from the same pass of the engine.
    public var timeControl: TimeControl { engine.snapshot.withLock { $0.timeControl } }

    /// True once the queue is empty and nothing is opening: there is nothing left to play.
    public var isIdle: Bool { engine.snapshot.withLock { $0.finished } }

    /// Calls `answer` from the playback loop once it reaches this request, behind every command
    /// sent before it; never, when the loop is stuck. A watchdog pings through it.
    public func whenResponsive(_ answer: @escaping @Sendable () -> Void) {
        engine.post(.respond(answer))
    }

    /// Test only: blocks the playback loop for `seconds`, as a wedged loop would, so that a
    /// watchdog can be seen to bite. The appliance offers it only with `debug-commands`.
    /// One pass of a stepped player's loop (`PlaybackEnvironment.stepped`), on the caller's thread.
    @_spi(Testing) public func step() -> EngineStep { engine.runOnce() }

    public func wedgeForTesting(seconds: Double) {
        engine.post(.wedge(seconds: seconds))
    }

    // MARK: Transport

    public func play() { engine.post(.setRate(defaultPlaybackRate.withLock { $0 })) }
    public func pause() { engine.post(.setRate(.paused)) }

    /// A rate the current item cannot take (its `capabilities`) changes nothing; the player
    /// says why with a `refused` event. `requestRate` says it at once.
    public func setRate(_ rate: PlaybackRate) { engine.post(.setRate(rate)) }

    /// Plays at `rate`, or throws why the current item cannot (and nothing changes). An item not
    /// open yet is checked by the engine once it is.
    public func requestRate(_ rate: PlaybackRate) throws(CapabilityRefusal) {
        if let refusal = currentItem?.capabilities.refusal(of: rate) { throw refusal }
        engine.post(.setRate(rate))
    }

    /// AVPlayerItem's `step(byCount:)`: paused, the picture `count` pictures after the one on
    /// screen (before it, when negative). Throws why when the current item cannot step so.
    public func step(byCount count: Int) throws(CapabilityRefusal) {
        if let refusal = currentItem?.capabilities.refusal(ofStep: count) { throw refusal }
        engine.post(.step(count))
    }

    /// As AVPlayer's `setRate(_:time:atHostTime:)`: plays at `rate` (forward) so that the
    /// current item's `itemTime` is shown at `host` on the monotonic clock: a seek to it, held
    /// until that instant, or, when the seek lands after it, played on from where that
    /// timeline is by then. How the members of a sync group join their leader.
    public func setRate(_ rate: PlaybackRate, time itemTime: MediaTime, atHostTime host: HostTime) {
        engine.post(.playAt(rate, itemTime: itemTime, host: host))
    }

    /// Pauses with the slate on screen saying `text`, instead of a picture that is not the
    /// one it should be (a sync group's follower whose clip is missing). Playing goes on
    /// from the current item's place.
    public func holdSlate(saying text: String) { engine.post(.holdSlate(text)) }

    /// The current item's time at `host` while the clock runs; nil while it opens, seeks,
    /// waits or is paused (when no time can be tied to an instant).
    public func currentTime(atHostTime host: HostTime) -> MediaTime? {
        let (clock, offset, playing) = engine.snapshot.withLock { s in
            (s.clock, s.offset, !s.items.isEmpty && s.timeControl.status == .playing && s.seeksPosted == s.seeksTaken)
        }
        return playing ? clock.mediaTime(at: host) - offset : nil
    }

    public func replaceCurrentItem(with item: PlayerItem?) {
        engine.post(.replaceCurrent(item))
    }

    /// Fast seek: lands on the keyframe at or before `time`.
    public func seek(to time: MediaTime, completion: (@Sendable (Bool) -> Void)? = nil) {
        postSeek(SeekRequest(target: time), completion: completion)
    }

    /// Zero tolerances land on the exact frame; wider ones allow a faster, nearby landing.
    public func seek(to time: MediaTime, toleranceBefore: MediaTime, toleranceAfter: MediaTime,
                     completion: (@Sendable (Bool) -> Void)? = nil) {
        postSeek(SeekRequest(target: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter),
                 completion: completion)
    }

    /// Counted before it is posted, so that `currentTime` reads the target from this moment on.
    private func postSeek(_ request: SeekRequest, completion: (@Sendable (Bool) -> Void)?) {
        engine.snapshot.withLock { s in
            s.seeksPosted += 1
            s.postedSeekTarget = request.target
        }
        engine.post(.seek(request, completion: completion))
    }

    /// Returns whether the seek finished (false: a newer seek overtook it).
    @discardableResult
    public func seek(to time: MediaTime, toleranceBefore: MediaTime = .positiveInfinity,
                     toleranceAfter: MediaTime = .positiveInfinity) async -> Bool {
        await withCheckedContinuation { c in
            seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter) { c.resume(returning: $0) }
        }
    }

    // MARK: Audio session

    /// Something more important needs the sound (a doorbell, an announcement). Without
    /// `ducking` playback pauses; with it, playback goes on with the gain multiplied by it.
    /// Interruptions nest: each needs its `endInterruption` (see `InterruptionPolicy`).
    public func beginInterruption(ducking: Float? = nil) {
        engine.post(.beginInterruption(ducking.map { .duck($0) } ?? .pause))
    }

    /// Ends the interruption. Playback resumes when `shouldResume` and it was playing at the
    /// start, unless someone changed the rate in between.
    public func endInterruption(shouldResume: Bool) {
        engine.post(.endInterruption(shouldResume: shouldResume))
    }

    /// Sends the sound to `route` even when a more preferred one is there (a person's choice).
    /// Needs an environment with a route monitor and a sink that can move; otherwise ignored.
    public func overrideOutputRoute(to route: AudioRoute) {
        engine.post(.overrideRoute(route))
    }

    // MARK: Time observers

    public func addPeriodicTimeObserver(forInterval interval: MediaTime,
                                        using block: @escaping @Sendable (MediaTime) -> Void) -> TimeObserverToken {
        let token = engine.observers.withLock { $0.addPeriodic(interval: interval) }
        engine.observerCallbacks.withLock { $0[token] = block }
        engine.wake()
        return token
    }

    public func addBoundaryTimeObserver(forTimes times: [MediaTime],
                                        using block: @escaping @Sendable (MediaTime) -> Void) -> TimeObserverToken {
        let token = engine.observers.withLock { $0.addBoundary(times: times) }
        engine.observerCallbacks.withLock { $0[token] = block }
        engine.wake()
        return token
    }

    public func removeTimeObserver(_ token: TimeObserverToken) {
        engine.observers.withLock { $0.remove(token) }
        engine.observerCallbacks.withLock { $0[token] = nil }
    }

    // MARK: Events

    /// A new stream of every event from now on. Slow readers lose the oldest events first.
    /// A new stream of events. Like KVO's `.initial`, it starts with the player's current
    /// status when that is already known, so a late subscriber never misses it.
    public func events() -> AsyncStream<PlayerEvent> {
        let (stream, continuation) = AsyncStream<PlayerEvent>.makeStream(bufferingPolicy: .bufferingNewest(1024))
        let id = delivery.withLock { d -> UInt64 in
            d.nextID += 1
            d.subscribers[d.nextID] = continuation
            if let status = d.lastStatus { continuation.yield(status) }
            return d.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.delivery.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Called on the engine thread for every event; keep it short. Setting it calls it at once
    /// with the player's status when that is already known.
    public var onEvent: (@Sendable (PlayerEvent) -> Void)? {
        get { delivery.withLock { $0.handler } }
        set {
            let status = delivery.withLock { d in
                d.handler = newValue
                return d.lastStatus
            }
            if let status { newValue?(status) }
        }
    }

    private func deliver(_ event: PlayerEvent) {
        let (handler, subscribers) = delivery.withLock { d in
            if case .playerStatusChanged = event.kind { d.lastStatus = event }
            return (d.handler, Array(d.subscribers.values))
        }
        handler?(event)
        for c in subscribers { c.yield(event) }
    }
}
