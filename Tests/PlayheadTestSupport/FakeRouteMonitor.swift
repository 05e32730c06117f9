import Playhead
import Synchronization

/// A route monitor the test drives: `send` delivers a device event as the real monitor's
/// thread would. Events sent before the player started the monitor wait for it.
public final class FakeRouteMonitor: AudioRouteMonitor {
    struct State {
        var routes: [AudioRoute]
        var handler: (@Sendable (AudioDeviceEvent) -> Void)?
        var waiting: [AudioDeviceEvent] = []
        var stopped = false
    }

    private let state: Mutex<State>

    public init(routes: [AudioRoute]) {
        state = Mutex(State(routes: routes))
    }

    public func availableRoutes() -> [AudioRoute] { state.withLock { $0.routes } }

    public func start(_ handler: @escaping @Sendable (AudioDeviceEvent) -> Void) {
        let waiting = state.withLock { s in
            s.handler = handler
            defer { s.waiting.removeAll() }
            return s.waiting
        }
        for event in waiting { handler(event) }
    }

    public func stop() {
        state.withLock { s in
            s.handler = nil
            s.stopped = true
        }
    }

    public var isStarted: Bool { state.withLock { $0.handler != nil } }
    public var isStopped: Bool { state.withLock { $0.stopped } }

    /// Delivers `event` (outside the lock, as a real monitor thread calls back).
    public func send(_ event: AudioDeviceEvent) {
        let handler = state.withLock { s -> (@Sendable (AudioDeviceEvent) -> Void)? in
            if s.handler == nil { s.waiting.append(event) }
            return s.handler
        }
        handler?(event)
    }
}
