import Playhead
import Synchronization

/// A player on a virtual clock with recording outputs, and the events it emitted.
public final class PlayerHarness: Sendable {
    public let clock: VirtualClock
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
                sourceOptions: SourceOptions = SourceOptions()) {
        self.clock = clock
        video = RecordingVideoSink(reportsDisplay: displayReports, keepsPictures: keepsPictures)
        let audio = audio ?? NullAudioSink(clock: clock)
        let env = PlaybackEnvironment(backend: backend, videoSink: video, audioSink: audio, clock: clock,
                                      sourceOptions: sourceOptions, routeMonitor: routeMonitor, routePreferences: routePreferences,
                                      timeStretcher: timeStretcher)
        var environment = env
        environment.restart = restart
        player = QueuePlayer(environment: environment, items: [])
        player.onEvent = { [recorded] event in recorded.append(event) }
        player.insertAll(urls.map { PlayerItem(asset: Asset(url: $0, backend: backend)) })
    }

    public var events: [PlayerEvent] { recorded.all }
    public var eventNames: [String] { events.map(\.name) }

    /// Waits (really, up to `seconds`) until `condition` holds on the recorded events.
    @discardableResult
    public func waitFor(seconds: Double = 20, _ condition: ([PlayerEvent]) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition(events) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition(events)
    }

    /// Waits until the queue has played out (current item became nil after playing).
    @discardableResult
    public func waitUntilQueueEnds(seconds: Double = 20) async -> Bool {
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
