@_spi(Testing) import Playhead
import Synchronization

/// A player on a virtual clock with recording outputs, and the events it emitted.
/// `stepped` (the default): no engine thread; `waitFor` runs the player's loop pass by pass on
/// the test's thread and moves the clock to each deadline it gives, so a test neither sleeps
/// nor polls and does not depend on the machine's load. Threaded: the engine runs on its own
/// thread as in the product, and `waitFor` polls (for what needs real threads: sources that
/// decode on threads, opens that hang).
public final class PlayerHarness: Sendable {
    public let clock: VirtualClock
    public let stepped: Bool
    public let video: RecordingVideoSink
    public let player: QueuePlayer
    private let recorded = EventLog()

    /// An `audio` sink given must run on `clock` (default: a `NullAudioSink` on it).
    /// `keepsPictures`: the video sink keeps every picture (see `RecordingVideoSink`).
    public init(urls: [String], backend: any MediaBackend = FakeBackend(), clock: VirtualClock = VirtualClock(),
                audio: (any AudioSink)? = nil,
                routeMonitor: (any AudioRouteMonitor)? = nil, routePreferences: [String] = [],
                displayReports: Bool = false, timeStretcher: AudioTimeStretcherFactory? = nil,
                keepsPictures: Bool = false, restart: RestartPolicy.Settings = .never,
                sourceOptions: SourceOptions = SourceOptions(), stallLimitNanoseconds: Int64? = nil, stepped: Bool = true,
                startGroup: StartGroupMember? = nil, decodeBudget: DecodeBudgetMember? = nil,
                selectionCriteria: MediaSelectionCriteria = .none) {
        self.clock = clock
        self.stepped = stepped
        video = RecordingVideoSink(reportsDisplay: displayReports, keepsPictures: keepsPictures)
        let audio = audio ?? NullAudioSink(clock: clock)
        let env = PlaybackEnvironment(backend: backend, videoSink: video, audioSink: audio, clock: clock,
                                      sourceOptions: sourceOptions, routeMonitor: routeMonitor, routePreferences: routePreferences,
                                      timeStretcher: timeStretcher)
        var environment = env
        environment.restart = restart
        environment.stallLimitNanoseconds = stallLimitNanoseconds
        environment.stepped = stepped
        environment.startGroup = startGroup
        environment.decodeBudget = decodeBudget
        environment.selectionCriteria = selectionCriteria
        player = QueuePlayer(environment: environment, items: [])
        player.onEvent = { [recorded] event in recorded.append(event) }
        player.insertAll(urls.map { PlayerItem(asset: Asset(url: $0, backend: backend)) })
    }

    public var events: [PlayerEvent] { recorded.all }
    public var eventNames: [String] { events.map(\.name) }

    /// Until `condition` holds on the recorded events: stepped, the loop's passes (see
    /// `run(until:)`, `seconds` unused); threaded, a real wait of up to `seconds`, polled every
    /// 5 ms (conditions read more than the events, which alone would signal), for the tests
    /// that need the engine's thread.
    @discardableResult
    public func waitFor(seconds: Double = 30, _ condition: ([PlayerEvent]) -> Bool) async -> Bool {
        if stepped {
            // In slices, the test pool's thread given back between them: passes are processor
            // work, and a long run of them held one of the pool's two threads while the tests
            // that wait for events elsewhere (their resumptions, their bounds) queued behind.
            let limit = clock.now().nanoseconds + 600 * 1_000_000_000
            var still = 0
            while true {
                if let decided = stepping(until: condition, limit: limit, still: &still, passes: 256) { return decided }
                // Cancelled (the test's time limit): what holds now.
                if Task.isCancelled { return condition(events) }
                await Task.yield()
            }
        }
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition(events) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition(events)
    }

    /// Steps a stepped player until `condition` holds, moving the clock to each deadline the
    /// loop gives. False when it cannot come true by the player alone: nothing left to do, or
    /// `virtualSeconds` of player time gone by.
    @discardableResult
    public func run(until condition: ([PlayerEvent]) -> Bool, virtualSeconds: Int64 = 600) -> Bool {
        precondition(stepped, "run(until:) steps a stepped player")
        var still = 0
        return stepping(until: condition, limit: clock.now().nanoseconds + virtualSeconds * 1_000_000_000,
                        still: &still, passes: .max) ?? condition(events)
    }

    /// At most `passes` passes towards `condition`: whether it holds once that is decided, nil
    /// when the passes ran out first. `still` counts passes in a row that moved no time:
    /// decoded data or an answer the loop waits for that no step brings (a source held shut by
    /// the test); past 1000, or past `limit` on the clock, it cannot come true by the player.
    private func stepping(until condition: ([PlayerEvent]) -> Bool, limit: Int64, still: inout Int, passes: Int) -> Bool? {
        var left = passes
        while !condition(events) {
            guard left > 0 else { return nil }
            left -= 1
            let step = player.step()
            if step.ended { return condition(events) }
            if let deadline = step.deadline, !step.waitsForData, deadline > clock.now() {
                guard deadline.nanoseconds <= limit else { return condition(events) }
                clock.advance(to: deadline)
                still = 0
            } else {
                still += 1
                if still > 1000 { return condition(events) }
            }
        }
        return true
    }

    /// Lets `nanoseconds` of time go by in steps of `every`, stepping the player after each, as a
    /// real clock runs on while a source gives nothing (which `run(until:)` never does: it
    /// waits for decoded data). For stalls and their limit.
    public func letTimePass(nanoseconds: Int64, every: Int64 = 10_000_000) {
        precondition(stepped, "letTimePass steps a stepped player")
        let end = clock.now().nanoseconds + nanoseconds
        while clock.now().nanoseconds < end {
            clock.advance(to: HostTime(nanoseconds: min(clock.now().nanoseconds + every, end)))
            if player.step().ended { return }
        }
    }

    /// The player's seek, carried out: whether it finished (false: a newer one overtook it).
    @discardableResult
    public func seek(to time: MediaTime, toleranceBefore: MediaTime = .positiveInfinity,
                     toleranceAfter: MediaTime = .positiveInfinity) async -> Bool {
        guard stepped else {
            return await player.seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter)
        }
        let outcome = Mutex<Bool?>(nil)
        player.seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter) { finished in
            outcome.withLock { $0 = finished }
        }
        run { _ in outcome.withLock { $0 } != nil }
        return outcome.withLock { $0 } ?? false
    }

    /// Waits until the queue has played out (current item became nil after playing).
    @discardableResult
    public func waitUntilQueueEnds(seconds: Double = 30) async -> Bool {
        await waitFor(seconds: seconds) { events in
            events.contains { if case .currentItemChanged = $0.kind, $0.item == nil { return true }; return false }
        }
    }
}

final class EventLog: Sendable {
    private let events = Mutex<[PlayerEvent]>([])
    func append(_ e: PlayerEvent) { events.withLock { $0.append(e) } }
    var all: [PlayerEvent] { events.withLock { $0 } }
}
