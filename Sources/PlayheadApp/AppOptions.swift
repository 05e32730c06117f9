import Playhead
import PlayheadALSA
import PlayheadCEC
import PlayheadGPIO
import PlayheadHTTP
import PlayheadKMS
import PlayheadMQTT

/// The appliance's own options, read through these constants, and the catalog of every option
/// of every part.
public enum AppOptions {
    public enum VideoOutput: String, Sendable, CaseIterable { case null, drm }
    public enum AudioOutput: String, Sendable, CaseIterable { case null, alsa }
    public enum AtEnd: String, Sendable, CaseIterable { case exit, wait }

    public static let videoOutput = OptionKey.choice("video-output", default: VideoOutput.null, group: "outputs", help: "where pictures go")
    public static let audioOutput = OptionKey.choice("audio-output", default: AudioOutput.null, group: "outputs", help: "where sound goes")
    public static let playlist = OptionKey.text("playlist", placeholder: "FILE.m3u|DIR", group: "playlist",
                                             help: "an M3U playlist or a folder (a USB stick) to play, after any items on the command line")
    public static let removableMedia = OptionKey.text("removable-media", placeholder: "DIR,...",
                                                   default: RemovableMedia.defaultRoots.joined(separator: ","), group: "playlist",
                                                   help: "folders where sticks are mounted: a playlist or folder on one plays only what is on that stick")
    public static let removableURLs = OptionKey.flag("removable-urls", default: false, group: "playlist",
                                                  help: "let playlists on removable media name URLs (a stranger's stick could reach the network)")
    public static let atEnd = OptionKey.choice("at-end", default: AtEnd.exit, live: true, group: "playlist",
                                            help: "when the playlist ends: exit, or wait for commands (the console or socket add more)")
    public static let console = OptionKey.text("console", placeholder: "auto|off|stdio|/dev/ttyS0", default: "auto", group: "control",
                                            help: "the serial console: auto is standard input and output when both are a terminal")
    public static let consoleBaud = OptionKey.integer("console-baud", 1200...4_000_000, default: 115_200, group: "control",
                                                   help: "the console's speed (a tty device only)")
    public static let consoleFormat = OptionKey.choice("console-format", default: Reply.Format.text, group: "control", help: "how the console answers")
    public static let socket = OptionKey.text("socket", placeholder: "PATH", group: "control",
                                           help: "a Unix socket (mode 0660) taking the console's commands as lines, answering in JSON lines")
    public static let control = OptionKey.text("control", placeholder: "FIFO", group: "control", help: "a FIFO (made if missing) taking the console's commands")
    public static let events = OptionKey.choice("events", ["jsonl", "text", "none"], default: "text", live: true, group: "log",
                                             help: "how events are printed on standard output")
    public static let logLevel = OptionKey.choice("log-level", CommandGrammar.logLevels, default: "info", live: true, group: "log",
                                               help: "the least level logged")
    public static let syslog = OptionKey.flag("syslog", default: true, group: "log", help: "log to /dev/log as well, when there is one")
    public static let stats = OptionKey.flag("stats", default: false, group: "log", help: "print playback statistics on standard error at the end")
    public static let safeMode = OptionKey.text("safe-mode", placeholder: "REASON", group: "appliance",
                                             help: "show the slate and keep the console up, playing nothing else, saying REASON (the supervisor's crash loop)")
    public static let safeModeSeconds = OptionKey.integer("safe-mode-seconds", 0...86_400, default: 600, group: "appliance",
                                                       help: "leave safe mode (exit 0) after this long, so the supervisor tries a normal start again; 0 stays")
    public static let watchdogDevice = OptionKey.text("watchdog-device", placeholder: "DEVICE", group: "appliance",
                                                   help: "a hardware watchdog (/dev/watchdog) fed while playback makes progress; the board resets when it stops")
    public static let watchdogTimeout = OptionKey.integer("watchdog-timeout", 1...600, default: 15, group: "appliance",
                                                       help: "seconds the watchdog waits for a feed (the driver may round or cap it: the Pi's at about 15)")
    public static let debugCommands = OptionKey.flag("debug-commands", default: false, group: "appliance",
                                                  help: "allow `debug wedge` on the console (tests of the watchdog only)")
    public static let stateFile = OptionKey.text("state-file", placeholder: "FILE", group: "appliance",
                                              help: "keep the place (item, time, volume, mute) in FILE and resume from it at start")
    public static let stateInterval = OptionKey.number("state-interval", 1...3600, default: 10, group: "appliance",
                                                    help: "seconds between writes of the state file while playing (flash wears)")
    public static let clockFile = OptionKey.text("clock-file", placeholder: "FILE", default: "/run/playhead/clock", group: "appliance",
                                              help: "where the board's clock set-up says whether the time is synchronised (status's clock line)")
    public static let screenOffSound = OptionKey.choice("screen-off-sound", ["pause", "keep"], default: "pause", live: true, group: "display",
                                                     help: "while the screen is off (display off, a schedule's off): pause (decoding stops) or keep the sound playing")
    public static let slate = OptionKey.text("slate", placeholder: "FILE", default: "/usr/share/playhead/slate.mp4", group: "appliance",
                                          help: "the picture safe mode shows")
    public static let updateReboot = OptionKey.text("update-reboot", placeholder: "now|HH:MM", default: "now", live: true, group: "updates",
                                                 help: "when an installed system update takes over: a reboot at once, or at this local time of day",
                                                 check: UpdateReboot.check)
    public static let updateFolders = OptionKey.text("update-folders", placeholder: "DIR,...", default: "/media,/data/updates", group: "updates",
                                                  help: "where `update FILE` may find a bundle (a USB stick's mount point, a folder for uploads)")
    public static let updateDir = OptionKey.text("update-dir", placeholder: "DIR", default: "/run/playhead-update", group: "updates",
                                              help: "the root update agent's folder: its state and the slots, read for `update` and status")
    public static let updateRequest = OptionKey.text("update-request", placeholder: "FILE", default: "/run/playhead/update-request", group: "updates",
                                                  help: "where an `update` is handed to the root update agent")

    public static let declarations: [OptionDeclaration] = [
        videoOutput.declaration, audioOutput.declaration, playlist.declaration, removableMedia.declaration, removableURLs.declaration,
        atEnd.declaration, console.declaration, consoleBaud.declaration, consoleFormat.declaration, socket.declaration,
        control.declaration, events.declaration, logLevel.declaration, syslog.declaration, stats.declaration, safeMode.declaration,
        safeModeSeconds.declaration, watchdogDevice.declaration, watchdogTimeout.declaration, debugCommands.declaration,
        stateFile.declaration, stateInterval.declaration, clockFile.declaration, screenOffSound.declaration, slate.declaration,
        updateReboot.declaration, updateFolders.declaration, updateDir.declaration, updateRequest.declaration,
    ]

    public static let catalog = OptionCatalog([
        declarations, PlayerOptions.declarations, DisplayOptions.declarations, ALSAOptions.declarations,
        GPIOOptions.declarations, CECOptions.declarations, MQTTOptions.declarations, ContentOptions.declarations, SyncOptions.declarations, HTTPOptions.declarations, LayerOptions.declarations, ScheduleOptions.declarations,
    ])

    public static let defaultConfigPath = "/etc/playhead/playhead.conf"
}
