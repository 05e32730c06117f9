import PlayheadCore

extension DRMOptions {
    /// The DRM output's options, declared once (help, options file, `get`, status).
    public static let declarations: [OptionDeclaration] = [
        .init("drm-card", .text(placeholder: "/dev/dri/cardN"), group: "display",
              help: "the DRM card (default: the first with a connected display)"),
        .init("display", .text(placeholder: "CONNECTOR"), group: "display",
              help: "the connector to show video on (HDMI-A-1, Virtual-1...); `playhead --display help` lists them"),
        .init("display-mode", .text(placeholder: "WxH[@HZ]|preferred|match"), default: .text("preferred"), group: "display",
              help: "the mode, or match (the refresh that fits the first item's frame rate)"),
        .init("display-mode-switch", .choice(["first", "items"]), default: .text("first"), group: "display",
              help: "with --display-mode match: first (the first item's mode stays) or items (each item's; the screen may blank at a change)"),
        .init("display-plane", .text(placeholder: "primary|overlay|ID"), default: .text("primary"), group: "display",
              help: "the plane video goes on"),
        .init("video-gravity", .choice(["resize", "resizeAspect", "resizeAspectFill"]), default: .text("resizeAspect"),
              group: "display", help: "how video fills the screen"),
        .init("display-rotate", .choice(["0", "90", "180", "270"]), default: .text("0"), group: "display",
              help: "turn everything shown this many degrees clockwise, for a screen mounted on its side (by the plane where it can)"),
        .init("screenshot", .text(placeholder: "FILE.png"), group: "display",
              help: "save the screen as PNG when --screenshot-frame is shown (needs a writeback connector)"),
        .init("screenshot-dir", .text(placeholder: "DIR"), default: .text("/run/playhead/screenshots"), group: "display",
              help: "the folder the console's `screenshot` saves into, with names playhead makes"),
        .init("screenshot-keep", .integer(1...1000), default: .integer(10), group: "display",
              help: "how many console screenshots screenshot-dir keeps (the oldest go)"),
        .init("screenshot-frame", .integer(1...1_000_000), default: .integer(30), group: "display", help: "which shown frame --screenshot saves"),
        .init("capture-every", .integer(0...1_000_000), default: .integer(0), group: "display",
              help: "save every Nth shown frame, as composed, into --capture-dir"),
        .init("flip-trace", .text(placeholder: "FILE"), group: "display",
              help: "at exit, write each flip's media time, due time and vblank time (monotonic seconds) to FILE"),
        .init("capture-dir", .text(placeholder: "DIR"), group: "display", help: "the folder for --capture-every"),
    ]

    /// From the options in force; a bad mode or plane is the option's error.
    public init(settings: Settings, contentFrameRate: Int?, contentSize: PixelSize? = nil) throws(OptionError) {
        let modeText = settings.string("display-mode") ?? "preferred"
        guard let mode = ModeRequest(parsing: modeText) else {
            throw OptionError(option: "display-mode", value: modeText, allowed: "WIDTHxHEIGHT[@HZ], preferred or match")
        }
        let planeText = settings.string("display-plane") ?? "primary"
        guard let plane = PlaneRequest(parsing: planeText) else {
            throw OptionError(option: "display-plane", value: planeText, allowed: "primary, overlay or a plane id")
        }
        self.init(card: settings.string("drm-card"),
                  plan: DisplayPlan.Request(connectorName: settings.string("display"), mode: mode, plane: plane,
                                            // An appliance may boot before its screen is on.
                                            waitForDisplay: true, contentFrameRate: contentFrameRate, contentSize: contentSize),
                  gravity: VideoGravity(rawValue: settings.string("video-gravity") ?? "") ?? .resizeAspect,
                  modeFollowsItems: settings.string("display-mode-switch") == "items")
        flipTracePath = settings.string("flip-trace")
        let turnText = settings.string("display-rotate") ?? "0"
        guard let degrees = Int(turnText), let turn = PictureRotation(rawValue: degrees) else {
            throw OptionError(option: "display-rotate", value: turnText, allowed: "0, 90, 180 or 270")
        }
        screenTurn = turn
    }
}
