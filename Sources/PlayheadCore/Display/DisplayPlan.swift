/// The display set-up for playback: which connector, mode, CRTC and plane, in which format.
public struct DisplayPlan: Sendable, Hashable {
    public var connector: KMSResources.Connector
    public var mode: DisplayMode
    public var crtc: KMSResources.CRTC
    public var plane: KMSResources.Plane
    public var format: PlaneFormatChoice
    /// False when the plan was made to wait for a display: `mode` is then only a stand-in for
    /// sizing buffers, nothing is set until the connector reports a display.
    public var isConnected = true
    /// What the buffers are sized for while no display is connected.
    public static let standInMode = DisplayMode(width: 1024, height: 768, refreshMillihertz: 60000)

    public struct Request: Sendable, Hashable {
        public var connectorName: String?
        public var mode: ModeRequest
        public var plane: PlaneRequest
        /// With no display connected, plan for the connector anyway (the named one, else the
        /// first) and wait for one, instead of failing.
        public var waitForDisplay: Bool
        /// The content's frame rate in frames per 1000 s (25000 for 25 fps), for `.matchContent`.
        public var contentFrameRate: Int?
        /// The content's upright picture size, for `.matchContent`.
        public var contentSize: PixelSize?
        /// The largest mode to drive the screen at (`display-mode-max`).
        public var modeCap: ModeCap?
        /// The display driven whatever the connector says (`display-force-mode`, `display-edid`).
        public var forced: ForcedDisplay?
        public init(connectorName: String? = nil, mode: ModeRequest = .preferred, plane: PlaneRequest = .primary,
                    waitForDisplay: Bool = false, contentFrameRate: Int? = nil, contentSize: PixelSize? = nil, modeCap: ModeCap? = nil,
                    forced: ForcedDisplay? = nil) {
            self.forced = forced
            self.contentSize = contentSize
            self.modeCap = modeCap
            self.connectorName = connectorName
            self.mode = mode
            self.plane = plane
            self.waitForDisplay = waitForDisplay
            self.contentFrameRate = contentFrameRate
        }
    }

    /// Every failure says what was missing and what there is instead.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case noConnectedConnector(available: [String])
        case noSuchConnector(String, available: [String])
        case notConnected(String)
        case noMode(String, ModeChooser.Failure)
        case noCRTC(String)
        case noPlane(PlaneRequest, crtc: UInt32)
        case noUsableFormat(plane: UInt32, formats: [FourCC])

        public var description: String {
            switch self {
            case .noConnectedConnector(let names):
                return "no display is connected (connectors: \(names.joined(separator: ", "))); plug one in"
            case .noSuchConnector(let name, let names):
                return "there is no connector \(name); this card has \(names.joined(separator: ", "))"
            case .notConnected(let name):
                return "connector \(name) has no display connected; plug one in or name another connector"
            case .noMode(let name, .noModes):
                return "connector \(name) offers no modes"
            case .noMode(let name, .noSuchMode(let request, let modes)):
                return "connector \(name) has no mode \(request); it offers \(modes.map(\.description).joined(separator: ", "))"
            case .noCRTC(let name):
                return "no CRTC can drive connector \(name)"
            case .noPlane(let request, let crtc):
                return "CRTC \(crtc) has no \(request) plane; see --display help for the planes"
            case .noUsableFormat(let plane, let formats):
                return "plane \(plane) takes none of the formats playhead writes (it offers \(formats.map(\.description).joined(separator: " ")))"
            }
        }
    }

    /// Pictures are converted to the plane's best RGB format (direct YUV scan-out is not built).
    public static func make(_ request: Request, resources: KMSResources) -> Result<DisplayPlan, Failure> {
        // A forced display: the named connector, else the first connected one, else the first.
        var outputs = resources.connectors.filter { !$0.isWriteback }
        if let forced = request.forced {
            let target = request.connectorName.flatMap { wanted in outputs.firstIndex { $0.name.lowercased() == wanted.lowercased() } }
                ?? outputs.firstIndex(where: \.isConnected) ?? outputs.indices.first
            if let target { outputs[target] = forced.apply(outputs[target]) }
        }
        let names = outputs.map(\.name)
        let connector: KMSResources.Connector
        if let wanted = request.connectorName {
            guard let c = outputs.first(where: { $0.name.lowercased() == wanted.lowercased() }) else {
                return .failure(.noSuchConnector(wanted, available: names))
            }
            guard c.isConnected || request.waitForDisplay else { return .failure(.notConnected(c.name)) }
            connector = c
        } else {
            guard let c = outputs.first(where: \.isConnected) ?? (request.waitForDisplay ? outputs.first : nil) else {
                return .failure(.noConnectedConnector(available: names))
            }
            connector = c
        }
        let waiting = request.waitForDisplay && (!connector.isConnected || connector.modes.isEmpty)
        var mode = standInMode
        if !waiting {
            let modes = request.modeCap?.apply(connector.modes) ?? connector.modes
            switch ModeChooser.choose(request.mode, from: modes, contentFrameRate: request.contentFrameRate, contentSize: request.contentSize) {
            case .success(let m): mode = m
            case .failure(let f): return .failure(.noMode(connector.name, f))
            }
        }
        // Keep the CRTC already driving the connector: no needless reshuffle of the pipes.
        let usable = resources.crtcs.filter { connector.possibleCRTCs & (1 << UInt32($0.index)) != 0 }
        guard let crtc = usable.first(where: { $0.id == connector.currentCRTC }) ?? usable.first else {
            return .failure(.noCRTC(connector.name))
        }
        let onCRTC = resources.planes.filter { $0.possibleCRTCs & (1 << UInt32(crtc.index)) != 0 }
        let plane: KMSResources.Plane?
        switch request.plane {
        case .primary: plane = onCRTC.first { $0.kind == .primary }
        case .overlay: plane = onCRTC.first { $0.kind == .overlay }
        case .id(let id): plane = onCRTC.first { $0.id == id }
        }
        guard let plane else { return .failure(.noPlane(request.plane, crtc: crtc.id)) }
        guard let format = PlaneFormatChoice.choose(planeFormats: plane.formats) else {
            return .failure(.noUsableFormat(plane: plane.id, formats: plane.formats))
        }
        var plan = DisplayPlan(connector: connector, mode: mode, crtc: crtc, plane: plane, format: format)
        plan.isConnected = !waiting
        return .success(plan)
    }
}
