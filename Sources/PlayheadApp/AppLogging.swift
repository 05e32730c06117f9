import Logging
import PlayheadSys

/// swift-log for the whole process: one line per message with its level and subsystem, on
/// standard error (or above the console's prompt) and to syslog; `log LEVEL` changes it live.
enum AppLogging {
    static func bootstrap(_ settings: Settings) {
        LogSettings.bootstrap(syslogPath: settings.flag("syslog") ? "/dev/log" : nil)
        setLevel(settings.string("log-level") ?? "info")
    }

    static func setLevel(_ name: String) {
        if let level = Logger.Level(rawValue: name) { LogSettings.setLevel(level) }
    }

    /// A console on playhead's own terminal shows log lines above its prompt.
    static func show(on console: SerialConsole?) {
        guard let console, console.name == "stdio" else { return }
        LogSettings.setLineSink { console.show($0) }
    }

    static func stopShowing() { LogSettings.setLineSink(nil) }
}
