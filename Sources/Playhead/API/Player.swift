import Synchronization

/// Plays one item at a time (AVPlayer). Methods return at once; the engine thread carries
/// them out in order. Events arrive as an AsyncStream (`events()`) or through `onEvent`.
public class Player: @unchecked Sendable {
    public typealias Status = PlayerStatus

    let engine: PlaybackEngine
    private let subscribers = Mutex<[UInt64: AsyncStream<PlayerEvent>.Continuation]>([:])
    private let nextSubscriber = Mutex<UInt64>(0)
    private let eventHandler = Mutex<(@Sendable (PlayerEvent) -> Void)?>(nil)
    private let defaultRate = Mutex<PlaybackRate>(.normal)

    public init(environment: PlaybackEnvironment, item: PlayerItem? = nil) {
        engine = PlaybackEngine(env: environment, actionAtItemEnd: Self.defaultActionAtItemEnd, events: { _ in })
        engine.setEventSink { [weak self] event in self?.deliver(event) }
        engine.start()
        if let item { engine.post(.insert(item, after: nil)) }
    }

    class var defaultActionAtItemEnd: ActionAtItemEnd { .pause }

    deinit {
        engine.shutdown()
        for c in subscribers.withLock({ $0.values }) { c.finish() }
    }

    // MARK: State

    public var status: Status { engine.snapshot.withLock { $0.status } }
    public var error: PlaybackError? { engine.snapshot.withLock { $0.error } }
    public var currentItem: PlayerItem? { engine.snapshot.withLock { $0.items.first } }

    public func currentTime() -> MediaTime {
        let (clock, offset, hasItem) = engine.snapshot.withLock { ($0.clock, $0.offset, !$0.items.isEmpty) }
        guard hasItem else { return .zero }
        return clock.mediaTime(at: engine.env.clock.now()) - offset
    }

    public var rate: Double {
        get { engine.snapshot.withLock { $0.rate.doubleValue } }
        set { engine.post(.setRate(PlaybackRate(newValue))) }
    }

    public var volume: Float {
        get { engine.snapshot.withLock { $0.volume } }
        set { engine.post(.setVolume(newValue)) }
    }

    public var isMuted: Bool {
        get { engine.snapshot.withLock { $0.muted } }
        set { engine.post(.setMuted(newValue)) }
    }

    public var actionAtItemEnd: ActionAtItemEnd {
        get { engine.snapshot.withLock { $0.actionAtItemEnd } }
        set { engine.post(.setActionAtItemEnd(newValue)) }
    }

    public var statistics: PlaybackStatistics { engine.snapshot.withLock { $0.statistics } }

    /// True once the queue is empty and nothing is opening: there is nothing left to play.
    public var isIdle: Bool { engine.snapshot.withLock { $0.finished } }

    // MARK: Transport

    public func play() { engine.post(.setRate(defaultRate.withLock { $0 })) }
    public func pause() { engine.post(.setRate(.paused)) }

    public func setRate(_ rate: PlaybackRate) { engine.post(.setRate(rate)) }

    public func replaceCurrentItem(with item: PlayerItem?) {
        engine.post(.replaceCurrent(item))
    }

    /// Fast seek: lands on the keyframe at or before `time`.
    public func seek(to time: MediaTime, completion: (@Sendable (Bool) -> Void)? = nil) {
        engine.post(.seek(SeekRequest(target: time), completion: completion))
    }

    /// Zero tolerances land on the exact frame; wider ones allow a faster, nearby landing.
    public func seek(to time: MediaTime, toleranceBefore: MediaTime, toleranceAfter: MediaTime,
                     completion: (@Sendable (Bool) -> Void)? = nil) {
        engine.post(.seek(SeekRequest(target: time, toleranceBefore: toleranceBefore,
                                      toleranceAfter: toleranceAfter), completion: completion))
    }

    /// Returns whether the seek finished (false: a newer seek overtook it).
    @discardableResult
    public func seek(to time: MediaTime, toleranceBefore: MediaTime = .positiveInfinity,
                     toleranceAfter: MediaTime = .positiveInfinity) async -> Bool {
        await withCheckedContinuation { c in
            seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter) { c.resume(returning: $0) }
        }
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
    public func events() -> AsyncStream<PlayerEvent> {
        let id = nextSubscriber.withLock { n -> UInt64 in n += 1; return n }
        let (stream, continuation) = AsyncStream<PlayerEvent>.makeStream(bufferingPolicy: .bufferingNewest(1024))
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    /// Called on the engine thread for every event; keep it short.
    public var onEvent: (@Sendable (PlayerEvent) -> Void)? {
        get { eventHandler.withLock { $0 } }
        set { eventHandler.withLock { $0 = newValue } }
    }

    private func deliver(_ event: PlayerEvent) {
        eventHandler.withLock { $0 }?(event)
        for c in subscribers.withLock({ Array($0.values) }) { c.yield(event) }
    }
}
