/// The player's options, declared once (help, options file, `get`/`set`, status).
public enum PlayerOptions {
    public static let declarations: [OptionDeclaration] = [
        .init("volume", .number(0...1), default: .number(1), live: true, group: "player", help: "the volume, from 0 to 1"),
        .init("mute", .flag, default: .flag(false), live: true, group: "player", help: "start and stay silent"),
        .init("rate", .number(-64...64), default: .number(1), live: true, group: "player",
              help: "the rate `play` plays at: 0.5 to 2 keep the sound (time-stretched); others and reverse play muted"),
        .init("loop", .flag, default: .flag(false), live: true, group: "player", help: "play the playlist over and over"),
        .init("start", .number(0...1e9), group: "player", help: "start the first item at this many seconds"),
        .init("untimed", .flag, default: .flag(false), group: "player", help: "run as fast as decoding allows (tests, soak)"),
        .init("decode-threads", .integer(0...64), default: .integer(0), group: "player", help: "decoder threads per stream (0: FFmpeg chooses)"),
        .init("network-timeout", .number(0.5...600), default: .number(10), group: "player", help: "seconds any network wait may take"),
    ]
}
