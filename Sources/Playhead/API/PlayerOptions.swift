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
        .init("reconnect", .flag, default: .flag(true), group: "player",
              help: "reconnect a dropped HTTP stream (also on network errors and 5xx answers) before giving up on it"),
        .init("reconnect-delay-max", .number(0...600), default: .number(5), group: "player",
              help: "the longest FFmpeg waits between two reconnects, in seconds"),
        .init("restart-attempts", .integer(0...100), default: .integer(0), group: "player",
              help: "tries of a failed item in a row (after 1 s, doubling) before the queue moves on; 0: skip at once"),
        .init("restart-delay-max", .number(1...600), default: .number(30), group: "player",
              help: "the longest wait before a failed item is tried again, in seconds"),
        .init("stall-limit", .number(0...3600), default: .number(20), group: "player",
              help: "seconds an item may stall (no data) before it counts as failed and is tried again; 0: no limit"),
        .init("slate-color", .text(placeholder: "RRGGBB"), default: .text("102040"), group: "player",
              help: "the colour the screen shows while a failed item waits to be tried again"),
    ]

    /// The restart settings the options give.
    public static func restart(_ settings: Settings) -> RestartPolicy.Settings {
        RestartPolicy.Settings(attempts: settings.integer("restart-attempts") ?? 0,
                               maxDelayMs: Int((settings.number("restart-delay-max") ?? 30) * 1000))
    }

    /// `slate-color` as 0xRRGGBB; a value that is not six hex digits gives the default.
    public static func slateColor(_ settings: Settings) -> UInt32 {
        let text = settings.string("slate-color") ?? ""
        guard text.count == 6, let v = UInt32(text, radix: 16) else { return 0x10_20_40 }
        return v
    }
}
