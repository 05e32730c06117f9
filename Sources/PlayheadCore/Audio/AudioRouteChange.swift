/// Why the route changed, in the words of AVAudioSession's route-change notification.
public enum AudioRouteChangeReason: String, Sendable, Hashable {
    case newDeviceAvailable
    case oldDeviceUnavailable
    case override
    case routeConfigurationChange
}

/// A route change as the player reports it: why, from where, to where (nil: no output).
public struct AudioRouteChange: Sendable, Hashable, CustomStringConvertible {
    public var reason: AudioRouteChangeReason
    public var previous: AudioRoute?
    public var current: AudioRoute?

    public init(reason: AudioRouteChangeReason, previous: AudioRoute?, current: AudioRoute?) {
        self.reason = reason
        self.previous = previous
        self.current = current
    }

    public var description: String {
        "\(reason.rawValue) from \(previous?.description ?? "none") to \(current?.description ?? "none")"
    }
}
