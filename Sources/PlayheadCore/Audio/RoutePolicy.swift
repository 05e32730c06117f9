/// Decides where sound goes when devices come and go, as AVAudioSession does: losing the route
/// in use pauses playback (sound must never jump to a loudspeaker by itself), a more preferred
/// route appearing is taken at once without pausing, and a person's override always wins.
///
/// The policy only decides; whoever owns it carries the actions out in order and tells it when
/// a move fails (`moveFailed`), so that it can fall back to the next route.
public struct RoutePolicy: Sendable {
    public enum Action: Sendable, Hashable {
        /// Send the sound there from now on.
        case move(to: AudioRoute)
        /// Stop playback, through the normal pause path.
        case pause
        /// Play again at the rate the loss paused (an unattended board whose card came back).
        case resume
        /// Tell listeners; emitted after the moves it describes.
        case announce(AudioRouteChange)
    }

    /// Route names or card ids (or ALSA device names), most preferred first, compared without
    /// regard to case so that a hand-written configuration need not match the driver's spelling.
    public let preferences: [String]
    /// Every route known, in order of appearance (the tie-break for routes not in `preferences`).
    public private(set) var routes: [AudioRoute]
    /// Where sound goes now; nil when there is no usable route.
    public private(set) var current: AudioRoute?
    /// Whether playback is on. The owner keeps it up to date; a `.pause` sets it to false.
    public var isPlaying: Bool {
        didSet { if isPlaying { pausedByLoss = false } }
    }
    /// An appliance with nobody to press play: when the route whose loss paused playback (or a
    /// better one) comes back, play again. Off, as AVAudioSession: a loss pauses until asked.
    public var resumesWhenBack = false
    /// The last pause was the policy's, for a lost route, and nothing has played since.
    private var pausedByLoss = false
    /// Cards whose jack reports nothing plugged in: their route is there but not usable.
    private var unplugged: Set<String> = []
    /// Cards whose route failed to open: not chosen again until they come back or change.
    private var failed: Set<String> = []

    public init(preferences: [String], available: [AudioRoute], current: AudioRoute?, isPlaying: Bool) {
        self.preferences = preferences.map { $0.lowercased() }
        var routes: [AudioRoute] = []
        for route in available where !routes.contains(where: { $0.card == route.card }) { routes.append(route) }
        if let current, !routes.contains(where: { $0.card == current.card }) { routes.append(current) }
        self.routes = routes
        self.current = current
        self.isPlaying = isPlaying
    }

    /// The routes that could be used now, in order of appearance.
    public var available: [AudioRoute] {
        routes.filter { !unplugged.contains($0.card) && !failed.contains($0.card) }
    }

    /// The most preferred usable route.
    public var best: AudioRoute? {
        available.min { rank($0) < rank($1) }
    }

    /// Lower is better: the first preference a route matches, then order of appearance.
    func rank(_ route: AudioRoute) -> (Int, Int) {
        let keys = [route.name.lowercased(), route.card.lowercased(), route.device.lowercased()]
        let preference = preferences.firstIndex { keys.contains($0) } ?? preferences.count
        let appearance = routes.firstIndex { $0.card == route.card } ?? routes.count
        return (preference, appearance)
    }

    private func isPreferred(_ route: AudioRoute, over other: AudioRoute?) -> Bool {
        guard let other else { return true }
        return rank(route) < rank(other)
    }

    // MARK: Events

    public mutating func handle(_ event: AudioDeviceEvent) -> [Action] {
        switch event {
        case .appeared(let route):
            return appeared(route)
        case .disappeared(let card):
            let wasUsable = available.contains { $0.card == card }
            routes.removeAll { $0.card == card }
            // A card that comes back is a new device: whatever its jack or last open said no
            // longer holds.
            unplugged.remove(card)
            failed.remove(card)
            return wasUsable ? lost(card: card) : []
        case .jack(let card, _, let plugged):
            guard let route = routes.first(where: { $0.card == card }) else { return [] }
            if plugged {
                guard unplugged.remove(card) != nil else { return [] }
                return becameAvailable(route)
            }
            let wasUsable = available.contains { $0.card == card }
            unplugged.insert(card)
            return wasUsable ? lost(card: card) : []
        case .configurationChanged(let card):
            // What the card can play changed (HDMI sink swapped): worth another try if it
            // failed before, and worth telling listeners when it is the route in use.
            failed.remove(card)
            guard let current, current.card == card else { return [] }
            return [.announce(AudioRouteChange(reason: .routeConfigurationChange, previous: current, current: current))]
        }
    }

    /// A person chose the route (console command, settings): go there even when a more
    /// preferred route exists. Choosing the route already in use does nothing.
    public mutating func override(to route: AudioRoute) -> [Action] {
        if let i = routes.firstIndex(where: { $0.card == route.card }) {
            routes[i] = route
        } else {
            routes.append(route)
        }
        failed.remove(route.card)
        guard route != current else { return [] }
        let previous = current
        current = route
        return [.move(to: route), .announce(AudioRouteChange(reason: .override, previous: previous, current: route))]
    }

    /// The owner could not move to `route`; `stillOn` is where the output really is now (nil:
    /// nowhere). Falls back to the next usable route, or pauses when none is left.
    public mutating func moveFailed(to route: AudioRoute, stillOn: AudioRoute?) -> [Action] {
        failed.insert(route.card)
        if let stillOn, available.contains(where: { $0.card == stillOn.card }) {
            current = stillOn
            return []
        }
        if let next = best {
            current = next
            return [.move(to: next)]
        }
        current = nil
        return pauseIfPlaying()
    }

    // MARK: Steps

    private mutating func appeared(_ route: AudioRoute) -> [Action] {
        if let i = routes.firstIndex(where: { $0.card == route.card }) {
            // Already known (a monitor repeating itself, or the device name changed): nothing
            // new became available.
            routes[i] = route
            if current?.card == route.card { current = route }
            return []
        }
        routes.append(route)
        return becameAvailable(route)
    }

    /// A route became usable: announce it, and take it when it beats the one in use.
    private mutating func becameAvailable(_ route: AudioRoute) -> [Action] {
        let previous = current
        guard isPreferred(route, over: current) else {
            return [.announce(AudioRouteChange(reason: .newDeviceAvailable, previous: previous, current: previous))]
        }
        current = route
        var actions: [Action] = [.move(to: route)]
        if resumesWhenBack && pausedByLoss {
            pausedByLoss = false
            isPlaying = true
            actions.append(.resume)
        }
        return actions + [.announce(AudioRouteChange(reason: .newDeviceAvailable, previous: previous, current: route))]
    }

    /// A card stopped being usable. Only the route in use matters: losing it pauses first, so
    /// that nothing plays through the fallback before someone asks for it.
    private mutating func lost(card: String) -> [Action] {
        guard let previous = current, previous.card == card else { return [] }
        var actions = pauseIfPlaying()
        if actions.contains(.pause) { pausedByLoss = true }
        current = best
        if let next = current { actions.append(.move(to: next)) }
        actions.append(.announce(AudioRouteChange(reason: .oldDeviceUnavailable, previous: previous, current: current)))
        return actions
    }

    private mutating func pauseIfPlaying() -> [Action] {
        guard isPlaying else { return [] }
        isPlaying = false
        return [.pause]
    }
}
