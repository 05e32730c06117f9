/// The largest mode the screen is driven at (`display-mode-max`): a 4K TV showing 1080p content
/// gets a 1080p signal, which its own scaler enlarges, instead of playhead scaling every frame.
/// Applied to what the connector offers before any mode is chosen, at start and at each hot-plug.
public struct ModeCap: Sendable, Hashable, CustomStringConvertible {
    public let size: PixelSize

    public init(_ size: PixelSize) { self.size = size }

    /// `1920x1080`; nil with a line naming what is wrong.
    public static func parse(_ text: String) -> Result<ModeCap, OptionError> {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (64...16384).contains(w), (64...16384).contains(h) else {
            return .failure(OptionError(message: "display-mode-max: '\(text)' is not WIDTHxHEIGHT (1920x1080)"))
        }
        return .success(ModeCap(PixelSize(width: w, height: h)))
    }

    public var description: String { size.description }

    /// The modes within the cap. When the preferred one is above it, the largest mode within
    /// takes its place as preferred, at the refresh nearest the preferred one's (a 60 Hz TV
    /// stays at 60 Hz). None within: all of them, as offered (`exceeded` says so).
    public func apply(_ modes: [DisplayMode]) -> [DisplayMode] {
        let within = modes.filter(fits)
        guard !within.isEmpty else { return modes }
        let preferred = modes.first(where: \.isPreferred)
        guard let preferred, !fits(preferred) else { return within }
        let candidates = within.filter { !$0.isInterlaced }
        guard let largest = candidates.map({ $0.width * $0.height }).max() else { return within }
        let best = candidates.filter { $0.width * $0.height == largest }.min {
            let a = abs($0.refreshMillihertz - preferred.refreshMillihertz), b = abs($1.refreshMillihertz - preferred.refreshMillihertz)
            return a != b ? a < b : $0.refreshMillihertz > $1.refreshMillihertz
        }!
        return within.map { m in
            var m = m
            m.isPreferred = m == best
            return m
        }
    }

    /// True when nothing the connector offers is within the cap.
    public func exceeded(by modes: [DisplayMode]) -> Bool { !modes.isEmpty && !modes.contains(where: fits) }

    private func fits(_ m: DisplayMode) -> Bool { m.width <= size.width && m.height <= size.height }
}
