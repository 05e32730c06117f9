import PlayheadCore

/// The display's options, declared once (help, options file, `get`, status) and read through
/// these constants: by DRMOptions for the output, by the appliance for screenshots and captures.
public enum DisplayOptions {
    public static let card = OptionKey.text("drm-card", placeholder: "/dev/dri/cardN", group: "display",
                                         help: "the DRM card (default: the first with a connected display)")
    public static let connector = OptionKey.text("display", placeholder: "CONNECTOR", group: "display",
                                              help: "the connector to show video on (HDMI-A-1, Virtual-1...); `playhead --display help` lists them")
    public static let mode = OptionKey.text("display-mode", placeholder: "WxH[@HZ]|preferred|match", default: "preferred", group: "display",
                                         help: "the mode, or match (the refresh that fits the first item's frame rate)")
    public static let modeSwitch = OptionKey.choice("display-mode-switch", ["first", "items"], default: "first", group: "display",
                                                 help: "with --display-mode match: first (the first item's mode stays) or items (each item's; the screen may blank at a change)")
    public static let modeMax = OptionKey.text("display-mode-max", placeholder: "WxH", group: "display",
                                            help: "the largest mode the screen is driven at (1920x1080: a 4K TV gets 1080p and scales it itself)",
                                            check: { text in
                                                if case .failure(let e) = ModeCap.parse(text) { return e.message }
                                                return nil
                                            })
    public static let forceMode = OptionKey.text("display-force-mode", placeholder: "WxH@HZ", group: "display",
                                              help: "drive this mode whatever the connector says (an HDMI extender or switch hiding the TV's hot-plug or EDID)",
                                              check: { text in
                                                  if case .failure(let e) = ForcedMode.parse(text) { return e.message }
                                                  return nil
                                              })
    public static let edid = OptionKey.text("display-edid", placeholder: "FILE", group: "display",
                                         help: "take the display's modes from this EDID file (its preferred mode first) whatever the connector says")
    public static let plane = OptionKey.text("display-plane", placeholder: "primary|overlay|ID", default: "primary", group: "display",
                                          help: "the plane video goes on")
    public static let gravity = OptionKey<VideoGravity>.choice("video-gravity", default: .resizeAspect, group: "display",
                                                            help: "how video fills the screen")
    // Read as text and checked by DRMOptions, not refused as the file is read: a wall with one
    // screen's value wrong still plays, showing the whole picture and saying why.
    public static let tile = OptionKey.text("display-tile", placeholder: "COLSxROWS:COL,ROW", group: "display",
                                         help: "one screen of a video wall (2x1:0,0 is the left of two): shows its window of the picture laid on the whole wall; every screen must have the same mode")
    public static let bezel = OptionKey.text("display-bezel", placeholder: "PIXELS", default: "0", group: "display",
                                          help: "with display-tile: each screen's frame in its pixels; the picture behind the frames (2 x PIXELS between screens) is hidden")
    public static let crop = OptionKey.text("display-crop", placeholder: "WxH+X+Y", group: "display",
                                         help: "show only this region of each picture (in its pixels), laid on the screen by video-gravity")
    // Read as text and parsed by DRMOptions, so a value outside the choices (a Settings made by
    // hand) is the option's error; a PictureRotation key would quietly give no turn.
    public static let rotate = OptionKey.choice("display-rotate", ["0", "90", "180", "270"], default: "0", group: "display",
                                             help: "turn everything shown this many degrees clockwise, for a screen mounted on its side (by the plane where it can)")
    public static let screenshot = OptionKey.text("screenshot", placeholder: "FILE.png", group: "display",
                                               help: "save the screen as PNG when --screenshot-frame is shown (needs a writeback connector)")
    public static let screenshotFolder = OptionKey.text("screenshot-dir", placeholder: "DIR", default: "/run/playhead/screenshots", group: "display",
                                                     help: "the folder the console's `screenshot` saves into, with names playhead makes")
    public static let screenshotKeep = OptionKey.integer("screenshot-keep", 1...1000, default: 10, group: "display",
                                                      help: "how many console screenshots screenshot-dir keeps (the oldest go)")
    public static let screenshotFrame = OptionKey.integer("screenshot-frame", 1...1_000_000, default: 30, group: "display",
                                                       help: "which shown frame --screenshot saves")
    public static let captureEvery = OptionKey.integer("capture-every", 0...1_000_000, default: 0, group: "display",
                                                    help: "save every Nth shown frame, as composed, into --capture-dir")
    public static let flipTrace = OptionKey.text("flip-trace", placeholder: "FILE", group: "display",
                                              help: "at exit, write each flip's media time, due time and vblank time (monotonic seconds) to FILE (with layers: the lowest layer's)")
    public static let captureFolder = OptionKey.text("capture-dir", placeholder: "DIR", group: "display", help: "the folder for --capture-every")

    /// In the order help lists them.
    public static let declarations: [OptionDeclaration] = [
        card.declaration, connector.declaration, mode.declaration, modeSwitch.declaration, modeMax.declaration, forceMode.declaration,
        edid.declaration, plane.declaration, gravity.declaration, tile.declaration, bezel.declaration, crop.declaration,
        rotate.declaration, screenshot.declaration, screenshotFolder.declaration, screenshotKeep.declaration,
        screenshotFrame.declaration, captureEvery.declaration, flipTrace.declaration, captureFolder.declaration,
    ]
}
