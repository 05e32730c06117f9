/// A display mode as the connector offers it.
public struct DisplayMode: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Refresh rate in millihertz (59940 for 59.94 Hz), exact enough to match content rates.
    public var refreshMillihertz: Int
    public var isPreferred: Bool
    public var isInterlaced: Bool
    /// Full timings when the mode does not come from the connector's own list (a forced mode,
    /// an EDID from a file); nil for the connector's modes, which the kernel holds.
    public var timings: ModeTimings?

    public init(width: Int, height: Int, refreshMillihertz: Int, isPreferred: Bool = false, isInterlaced: Bool = false) {
        self.width = width
        self.height = height
        self.refreshMillihertz = refreshMillihertz
        self.isPreferred = isPreferred
        self.isInterlaced = isInterlaced
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    public var description: String {
        let hz = refreshMillihertz % 1000 == 0 ? "\(refreshMillihertz / 1000)"
            : "\(refreshMillihertz / 1000).\(String(refreshMillihertz % 1000 / 10).leftPadded(to: 2))"
        return "\(width)x\(height)@\(hz)\(isInterlaced ? "i" : "")\(isPreferred ? " (preferred)" : "")"
    }
}

extension String {
    func leftPadded(to count: Int) -> String {
        self.count >= count ? self : String(repeating: "0", count: count - self.count) + self
    }
}
