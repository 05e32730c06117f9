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

    /// Log lines go out through a queue of their own, so that a slow reader drops lines rather
    /// than hold up the thread that logs: above the prompt of a console on playhead's own
    /// terminal, else to standard error (a pipe to a logger that stopped reading, a serial
    /// line at 115200 baud, would block the engine's thread in write(2)).
    static func show(on console: SerialConsole?) {
        let queue = lineQueue(console: console)
        consoleQueue.withLock { $0?.stop(); $0 = queue }
        LogSettings.setLineSink { queue.offer($0) }
    }

    /// The queue `show` puts in front of the console, or of `standardError`.
    static func lineQueue(console: SerialConsole?,
                          standardError: @escaping @Sendable (String) -> Void = LogSettings.writeToStandardError) -> ConsoleLogQueue {
        if let console, console.name == "stdio" { return ConsoleLogQueue { console.show($0) } }
        return ConsoleLogQueue(write: standardError)
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
