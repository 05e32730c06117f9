/// An audio sink that can move to another device while playing. The sink keeps its frame
/// counters running across the move and replays what the old device had not played yet, so
/// the engine's clock carries on from the same media time.
public protocol AudioRouting: AnyObject, Sendable {
    var currentRoute: AudioRoute? { get }
    func move(to route: AudioRoute) throws(PlaybackError)
}

/// Watches the sound devices and reports what changes. `start` hands over the callback, which
/// is called from the monitor's own thread.
public protocol AudioRouteMonitor: AnyObject, Sendable {
    /// The routes available now.
    func availableRoutes() -> [AudioRoute]
    func start(_ handler: @escaping @Sendable (AudioDeviceEvent) -> Void)
    func stop()
}
