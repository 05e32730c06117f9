import PlayheadCore

/// The ALSA output's options, declared once (help, options file, `get`, status).
public enum ALSAOptions {
    public static let declarations: [OptionDeclaration] = [
        .init("audio-device", .text(placeholder: "DEVICE"), group: "sound",
              help: "the ALSA device (default, hw:0,0, plughw:CARD=Loopback,DEV=0...); `playhead --audio-device help` lists cards"),
        .init("audio-preference", .text(placeholder: "CARD,CARD..."), group: "sound",
              help: "sound cards in order of preference; sound moves to a better one when it appears"),
        .init("audio-mixer", .text(placeholder: "CONTROL"), group: "sound",
              help: "the card's mixer control for the volume (Master, PCM...); without it the samples are scaled"),
        .init("audio-resume-on-return", .flag, default: .flag(false), group: "sound",
              help: "play again when the sound card whose loss paused playback comes back (an unattended board)"),
        .init("audio-buffer-ms", .integer(10...2000), default: .integer(50), group: "sound", help: "how much sound ALSA buffers, in milliseconds"),
    ]

    /// Card names from `audio-preference`, spaces dropped.
    public static func preferences(_ settings: Settings) -> [String] {
        (settings.string("audio-preference") ?? "").split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
    }
}
