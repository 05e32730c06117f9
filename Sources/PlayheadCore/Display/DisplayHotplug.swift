/// What the display does when its connector comes and goes. The presentation goes on when a
/// display is there, in the mode in use if the new display offers it, else in the mode the
/// request picks from what it offers; with no display, pictures are dropped (audio and the
/// clock carry on) and one line says so.
public struct DisplayHotplug: Sendable, Hashable {
    public enum Action: Sendable, Hashable {
        /// Stop showing; log the line.
        case hide(String)
        /// Set `mode` (again) and show; log the line.
        case show(DisplayMode, String)
    }

    public let connector: String
    public let request: ModeRequest
    /// Frames per 1000 s, for a `.matchContent` request.
    public private(set) var contentFrameRate: Int?
    /// The content's upright picture size, for a `.matchContent` request.
    public private(set) var contentSize: PixelSize?
    public private(set) var mode: DisplayMode
    public private(set) var connected: Bool
    /// The largest mode to drive the screen at, applied to what each display offers.
    public let cap: ModeCap?
    /// A display driven whatever the connector says: it never goes away.
    public let forced: ForcedDisplay?
    /// Whether anything was shown yet: the first display is not "connected again".
    private var shownBefore: Bool

    /// `connected` false: started with no display, waiting for the first (`mode` is a stand-in).
    public init(connector: String, request: ModeRequest, mode: DisplayMode, connected: Bool = true,
                contentFrameRate: Int? = nil, contentSize: PixelSize? = nil, cap: ModeCap? = nil,
                forced: ForcedDisplay? = nil) {
        self.forced = forced
        self.connector = connector
        self.cap = cap
        self.contentSize = contentSize
        self.request = request
        self.contentFrameRate = contentFrameRate
        self.mode = mode
        self.connected = connected
        shownBefore = connected
    }

    /// The line for a start with no display.
    public var waitingLine: String { "display: no display is connected to \(connector); waiting for one (sound goes on)" }

    /// The connector was read again after a hot-plug event.
    public mutating func connectorRead(isConnected: Bool, modes offered: [DisplayMode]) -> Action? {
        let modes = cap?.apply(offered) ?? offered
        guard isConnected else {
            guard connected else { return nil }
            connected = false
            return .hide("display: \(connector) was disconnected; waiting for a display (sound goes on)")
        }
        let next: DisplayMode
        if !shownBefore {
            // The first display: the mode the request picks, not the stand-in.
            if case .success(let m) = ModeChooser.choose(request, from: modes, contentFrameRate: contentFrameRate, contentSize: contentSize) {
                next = m
            } else if case .success(let m) = ModeChooser.choose(.preferred, from: modes) {
                next = m
            } else {
                return nil
            }
            connected = true
            shownBefore = true
            mode = next
            return .show(next, "display: \(connector) is connected; showing in \(next)")
        } else if modes.contains(mode) {
            next = mode
        } else if case .success(let m) = ModeChooser.choose(request, from: modes, contentFrameRate: contentFrameRate, contentSize: contentSize) {
            next = m
        } else if case .success(let m) = ModeChooser.choose(.preferred, from: modes) {
            next = m
        } else {
            guard connected else { return nil }
            connected = false
            return .hide("display: \(connector) offers no modes; waiting for a usable display")
        }
        let wasConnected = connected, old = mode
        let changed = next != old
        connected = true
        mode = next
        if wasConnected && !changed { return nil }
        let how = changed ? "in \(next), as \(old) is no longer offered" : "in \(next)"
        return .show(next, "display: \(connector) is connected again; showing \(how)")
    }

    /// An item with another frame rate or size came up. With `.matchContent` and `switching`
    /// allowed, the mode that fits it, if that is not the mode in use; nil otherwise (the
    /// content is still remembered, so a display plugged in later gets the fitting mode).
    public mutating func contentChanged(frameRate: Int?, size: PixelSize?, modes offered: [DisplayMode], switching: Bool) -> Action? {
        let modes = cap?.apply(offered) ?? offered
        guard request == .matchContent, frameRate != contentFrameRate || size != contentSize else { return nil }
        contentFrameRate = frameRate
        contentSize = size
        guard switching, connected, case .success(let next) = ModeChooser.choose(request, from: modes, contentFrameRate: frameRate, contentSize: size),
              next != mode else { return nil }
        let old = mode
        mode = next
        let rate = frameRate.map { Self.fpsText($0) + " fps" } ?? "an unknown rate"
        return .show(next, "display: mode \(next) (was \(old)) for \(size.map(\.description) ?? "content") at \(rate)")
    }

    /// 25000 as "25", 23976 as "23.976".
    static func fpsText(_ perThousandSeconds: Int) -> String {
        let whole = perThousandSeconds / 1000, part = perThousandSeconds % 1000
        guard part != 0 else { return "\(whole)" }
        var digits = String(part)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
