import PlayheadCore

extension DRMOptions {
    /// From the options in force (DisplayOptions); a bad mode, plane or turn is the option's error.
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
        self.init(card: settings[DisplayOptions.card],
                  plan: DisplayPlan.Request(connectorName: settings[DisplayOptions.connector], mode: mode, plane: plane,
                                            // An appliance may boot before its screen is on.
                                            waitForDisplay: true, contentFrameRate: contentFrameRate, contentSize: contentSize,
                                            modeCap: cap),
                  gravity: settings[DisplayOptions.gravity],
                  modeFollowsItems: settings[DisplayOptions.modeSwitch] == "items")
        flipTracePath = settings[DisplayOptions.flipTrace]
        let turnText = settings[DisplayOptions.rotate]
        guard let degrees = Int(turnText), let turn = PictureRotation(rawValue: degrees) else {
            throw OptionError(option: DisplayOptions.rotate.name, value: turnText, allowed: "0, 90, 180 or 270")
        }
        screenTurn = turn
    }
}
