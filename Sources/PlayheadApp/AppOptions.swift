import Playhead
import PlayheadALSA
import PlayheadGPIO
import PlayheadKMS

/// The appliance's own options, and the catalog of every option of every part.
public enum AppOptions {
    public static let declarations: [OptionDeclaration] = [
        .init("video-output", .choice(["null", "drm"]), default: .text("null"), group: "outputs", help: "where pictures go"),
        .init("audio-output", .choice(["null", "alsa"]), default: .text("null"), group: "outputs", help: "where sound goes"),
        .init("playlist", .text(placeholder: "FILE.m3u|DIR"), group: "playlist",
              help: "an M3U playlist or a folder (a USB stick) to play, after any items on the command line"),
        .init("removable-media", .text(placeholder: "DIR,..."), default: .text(RemovableMedia.defaultRoots.joined(separator: ",")),
              group: "playlist",
              help: "folders where sticks are mounted: a playlist or folder on one plays only what is on that stick"),
        .init("removable-urls", .flag, default: .flag(false), group: "playlist",
              help: "let playlists on removable media name URLs (a stranger's stick could reach the network)"),
        .init("at-end", .choice(["exit", "wait"]), default: .text("exit"), live: true, group: "playlist",
              help: "when the playlist ends: exit, or wait for commands (the console or socket add more)"),
        .init("console", .text(placeholder: "auto|off|stdio|/dev/ttyS0"), default: .text("auto"), group: "control",
              help: "the serial console: auto is standard input and output when both are a terminal"),
        .init("console-baud", .integer(1200...4_000_000), default: .integer(115_200), group: "control", help: "the console's speed (a tty device only)"),
        .init("console-format", .choice(["text", "json"]), default: .text("text"), group: "control", help: "how the console answers"),
        .init("socket", .text(placeholder: "PATH"), group: "control",
              help: "a Unix socket (mode 0660) taking the console's commands as lines, answering in JSON lines"),
        .init("control", .text(placeholder: "FIFO"), group: "control", help: "a FIFO (made if missing) taking the console's commands"),
        .init("events", .choice(["jsonl", "text", "none"]), default: .text("text"), live: true, group: "log",
              help: "how events are printed on standard output"),
        .init("log-level", .choice(CommandGrammar.logLevels), default: .text("info"), live: true, group: "log", help: "the least level logged"),
        .init("syslog", .flag, default: .flag(true), group: "log", help: "log to /dev/log as well, when there is one"),
        .init("stats", .flag, default: .flag(false), group: "log", help: "print playback statistics on standard error at the end"),
        .init("safe-mode", .text(placeholder: "REASON"), group: "appliance",
              help: "show the slate and keep the console up, playing nothing else, saying REASON (the supervisor's crash loop)"),
        .init("safe-mode-seconds", .integer(0...86_400), default: .integer(600), group: "appliance",
              help: "leave safe mode (exit 0) after this long, so the supervisor tries a normal start again; 0 stays"),
        .init("watchdog-device", .text(placeholder: "DEVICE"), group: "appliance",
              help: "a hardware watchdog (/dev/watchdog) fed while playback makes progress; the board resets when it stops"),
        .init("watchdog-timeout", .integer(1...600), default: .integer(15), group: "appliance",
              help: "seconds the watchdog waits for a feed (the driver may round or cap it: the Pi's at about 15)"),
        .init("debug-commands", .flag, default: .flag(false), group: "appliance",
              help: "allow `debug wedge` on the console (tests of the watchdog only)"),
        .init("state-file", .text(placeholder: "FILE"), group: "appliance",
              help: "keep the place (item, time, volume, mute) in FILE and resume from it at start"),
        .init("state-interval", .number(1...3600), default: .number(10), group: "appliance",
              help: "seconds between writes of the state file while playing (flash wears)"),
        .init("slate", .text(placeholder: "FILE"), default: .text("/usr/share/playhead/slate.mp4"), group: "appliance",
              help: "the picture safe mode shows"),
    ]

    public static let catalog = OptionCatalog([
        declarations, PlayerOptions.declarations, DRMOptions.declarations, ALSAOptions.declarations,
        GPIOOptions.declarations,
    ])

    public static let defaultConfigPath = "/etc/playhead/playhead.conf"
}
