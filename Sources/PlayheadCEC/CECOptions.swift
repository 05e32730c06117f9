import PlayheadCore

/// The TV over HDMI-CEC, declared once (help, options file, `get`).
public enum CECOptions {
    public static let device = OptionKey.text("cec-device", placeholder: "DEVICE", group: "display",
                                           help: "an HDMI-CEC adapter (/dev/cec0): the TV goes on and to standby with the screen; off when unset")
    public static let name = OptionKey.text("cec-name", placeholder: "NAME", default: "playhead", group: "display",
                                         help: "the name the TV shows for this player (14 ASCII characters at most)")

    public static let declarations: [OptionDeclaration] = [device.declaration, name.declaration]
}
