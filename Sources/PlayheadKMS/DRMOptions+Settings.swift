import PlayheadCore
import PlayheadSys

extension DRMOptions {
    /// From the options in force (DisplayOptions); a bad mode, plane or turn is the option's error,
    /// a bad tile or crop a line said (the whole picture is shown).
    public init(settings: Settings, contentFrameRate: Int?, contentSize: PixelSize? = nil) throws(OptionError) {
        let modeText = settings[DisplayOptions.mode]
        guard let mode = ModeRequest(parsing: modeText) else {
            throw OptionError(option: DisplayOptions.mode.name, value: modeText, allowed: "WIDTHxHEIGHT[@HZ], preferred or match")
        }
        let planeText = settings[DisplayOptions.plane]
        guard let plane = PlaneRequest(parsing: planeText) else {
            throw OptionError(option: DisplayOptions.plane.name, value: planeText, allowed: "primary, overlay or a plane id")
        }
        var cap: ModeCap?
        if let text = settings[DisplayOptions.modeMax] {
            switch ModeCap.parse(text) {
            case .success(let c): cap = c
            case .failure(let e): throw e
            }
        }
        var forced: ForcedDisplay?
        if let text = settings[DisplayOptions.forceMode] {
            switch ForcedMode.parse(text) {
            case .success(let t): forced = ForcedDisplay(modes: [t.mode(preferred: true)], source: "display-force-mode \(text)")
            case .failure(let e): throw e
            }
        } else if let path = settings[DisplayOptions.edid] {
            forced = Self.edidDisplay(path)
        }
        self.init(card: settings[DisplayOptions.card],
                  plan: DisplayPlan.Request(connectorName: settings[DisplayOptions.connector], mode: mode, plane: plane,
                                            // An appliance may boot before its screen is on.
                                            waitForDisplay: true, contentFrameRate: contentFrameRate, contentSize: contentSize,
                                            modeCap: cap, forced: forced),
                  gravity: settings[DisplayOptions.gravity],
                  modeFollowsItems: settings[DisplayOptions.modeSwitch] == "items")
        flipTracePath = settings[DisplayOptions.flipTrace]
        let turnText = settings[DisplayOptions.rotate]
        guard let degrees = Int(turnText), let turn = PictureRotation(rawValue: degrees) else {
            throw OptionError(option: DisplayOptions.rotate.name, value: turnText, allowed: "0, 90, 180 or 270")
        }
        screenTurn = turn
        let chosen = PictureWindow.choose(tile: settings[DisplayOptions.tile], bezel: settings[DisplayOptions.bezel],
                                          crop: settings[DisplayOptions.crop])
        if let problem = chosen.problem { Log.warning("display: \(problem)") }
        window = chosen.window
    }

    /// The EDID file's modes; a file that cannot be read or is not an EDID is said in one line
    /// and the connector's own modes are used (the screen still shows, perhaps at a fallback).
    static func edidDisplay(_ path: String) -> ForcedDisplay? {
        let why: String
        switch FileInput.bytes(path, limit: 32 << 10) {
        case .success(let bytes):
            switch EDIDModes.parse(bytes) {
            case .success(let edid):
                Log.info("display: display-edid \(path)\(edid.name.map { " (\($0))" } ?? ""): \(edid.modes.map(\.description).joined(separator: ", "))")
                return ForcedDisplay(modes: edid.modes, source: "display-edid \(path)")
            case .failure(let f): why = f.description
            }
        case .failure(let f):
            switch f.read {
            case .missing: why = "there is no such file"
            case .tooLarge: why = "it is over 32 KB, larger than any EDID"
            case .unreadable(let e): why = "it cannot be read (\(e))"
            case .text: why = "it cannot be read"
            }
        }
        Log.warning("display: display-edid \(path): \(why); the connector's own modes are used (fix or remove display-edid)")
        return nil
    }
}
