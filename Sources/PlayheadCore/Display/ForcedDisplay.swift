/// A display playhead drives whatever its connector says (`display-force-mode`, `display-edid`):
/// for an HDMI extender or switch that hides the TV's hot-plug or its EDID, the connector is
/// taken as connected and offering `modes`. A mode the connector lists itself, at the same size
/// and within half a hertz, is taken from its list instead (the kernel's own timings for it).
public struct ForcedDisplay: Sendable, Hashable {
    /// The modes offered instead of the connector's, the first preferred; each carries timings.
    public let modes: [DisplayMode]
    /// Where they come from, for the log: `display-force-mode 1920x1080@60`, `display-edid FILE`.
    public let source: String

    public init(modes: [DisplayMode], source: String) {
        self.modes = modes
        self.source = source
    }

    /// What the connector is taken to be.
    public func apply(isConnected: Bool, modes listed: [DisplayMode]) -> (isConnected: Bool, modes: [DisplayMode]) {
        let modes = self.modes.map { forced in
            // Within half a hertz, the nearest: CVT's clock steps put its 24 Hz at 23.95.
            let near = listed.filter { $0.size == forced.size && $0.isInterlaced == forced.isInterlaced
                && abs($0.refreshMillihertz - forced.refreshMillihertz) <= 500 }
            guard var own = near.min(by: { abs($0.refreshMillihertz - forced.refreshMillihertz) < abs($1.refreshMillihertz - forced.refreshMillihertz) })
            else { return forced }
            own.isPreferred = forced.isPreferred
            return own
        }
        return (true, modes)
    }

    public func apply(_ connector: KMSResources.Connector) -> KMSResources.Connector {
        var c = connector
        (c.isConnected, c.modes) = apply(isConnected: c.isConnected, modes: c.modes)
        return c
    }
}
