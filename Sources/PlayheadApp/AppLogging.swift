import Logging
import PlayheadSys
import Synchronization

/// swift-log for the whole process: one line per message with its level and subsystem, on
/// standard error (or above the console's prompt) and to syslog; `log LEVEL` changes it live.
enum AppLogging {
    /// The queue in front of the console while it shows log lines (see ConsoleLogQueue).
    private static let consoleQueue = Mutex<ConsoleLogQueue?>(nil)

    static func bootstrap(_ settings: Settings) {
        LogSettings.bootstrap(syslogPath: settings[AppOptions.syslog] ? "/dev/log" : nil)
        setLevel(settings[AppOptions.logLevel])
    }

    static func setLevel(_ name: String) {
        if let level = Logger.Level(rawValue: name) { LogSettings.setLevel(level) }
    }

    /// A console on playhead's own terminal shows log lines above its prompt, through a queue
    /// of their own: a slow console drops log lines rather than hold up the thread that logs.
    static func show(on console: SerialConsole?) {
        guard let console, console.name == "stdio" else { return }
        let queue = ConsoleLogQueue { console.show($0) }
        consoleQueue.withLock { $0 = queue }
        LogSettings.setLineSink { queue.offer($0) }
    }

    /// Standard error again, once the lines queued for the console are written.
    static func stopShowing() {
        LogSettings.setLineSink(nil)
        consoleQueue.withLock { q in
            defer { q = nil }
            return q
        }?.stop()
    }
}
