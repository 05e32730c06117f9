import PlayheadCore

/// The ALSA output's options, declared once (help, options file, `get`, status) and read
/// through these constants.
public enum ALSAOptions {
    public static let device = OptionKey.text("audio-device", placeholder: "DEVICE", group: "sound",
                                           help: "the ALSA device (default, hw:0,0, plughw:CARD=Loopback,DEV=0...); `playhead --audio-device help` lists cards")
    public static let preference = OptionKey.text("audio-preference", placeholder: "CARD,CARD...", group: "sound",
                                               help: "sound cards in order of preference; sound moves to a better one when it appears")
    public static let mixer = OptionKey.text("audio-mixer", placeholder: "CONTROL", group: "sound",
                                          help: "the card's mixer control for the volume (Master, PCM...); without it the samples are scaled")
    public static let resumeOnReturn = OptionKey.flag("audio-resume-on-return", default: false, group: "sound",
                                                   help: "play again when the sound card whose loss paused playback comes back (an unattended board)")
    public static let bufferMilliseconds = OptionKey.integer("audio-buffer-ms", 10...2000, default: 50, group: "sound",
                                                          help: "how much sound ALSA buffers, in milliseconds")

    public static let declarations: [OptionDeclaration] = [
        device.declaration, preference.declaration, mixer.declaration, resumeOnReturn.declaration, bufferMilliseconds.declaration,
    ]

    /// Card names from `audio-preference`, spaces dropped.
    public static func preferences(_ settings: Settings) -> [String] {
        (settings[preference] ?? "").split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
    }
}
