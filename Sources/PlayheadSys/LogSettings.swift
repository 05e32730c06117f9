import Logging
import PlayheadCore
import Synchronization

/// What every logger of the process shares: the live level (`log debug` on the console changes
/// every logger at once), where the console copy of each line goes, and the one-time bootstrap
/// of swift-log with `PlayheadLogHandler`.
public enum LogSettings {
    private static let levelCode = Atomic<UInt8>(code(.info))
    /// Boxed, as the engine's event sink is: a closure kept directly as a Mutex's value is
    /// wrapped in one more thunk by every `withLock` (its inout write-back). Read for every log
    /// line, the sink grew by one thunk a line: to standard error, the soak's resident memory
    /// grew 14 MB over 2000 items and playhead died of a stack overflow (SIGSEGV) at 5722.
    private struct LineSink: Sendable { let write: @Sendable (String) -> Void }
    private static let sink = Mutex<LineSink?>(nil)
    private static let bootstrapped = Atomic(false)
    /// The last lines logged at any sink, for the control page's log tail.
    private static let recent = Mutex(RecentLines(capacity: 200))
    /// The logger that `Log.warning` and `Log.info` go through; nil until bootstrapped.
    private static let legacy = Mutex<Logger?>(nil)

    /// The lowest level logged, by every `PlayheadLogHandler` at once.
    public static var level: Logger.Level {
        get { decode(levelCode.load(ordering: .relaxed)) }
        set { setLevel(newValue) }
    }

    public static func setLevel(_ level: Logger.Level) {
        levelCode.store(code(level), ordering: .relaxed)
    }

    /// Where each line goes instead of standard error (the serial console prints them above
    /// its prompt), without its newline; nil for standard error again. Syslog gets its copy
    /// either way. The sink runs on the logging thread and must not log itself.
    public static func setLineSink(_ sink: (@Sendable (String) -> Void)?) {
        self.sink.withLock { $0 = sink.map(LineSink.init(write:)) }
    }

    static var lineSink: (@Sendable (String) -> Void)? { sink.withLock { $0?.write } }

    static func keep(_ line: String) { recent.withLock { $0.append(line) } }

    /// At most `limit` of the newest log lines, oldest first.
    public static func recentLines(_ limit: Int) -> [String] { recent.withLock { $0.newest(limit) } }

    /// A finished line (escaped already) straight to standard error, in one write(2).
    public static func writeToStandardError(_ line: String) {
        Sys.writeStandardError(line + "\n")
    }

    /// Makes every `Logger` the process creates from now on a `PlayheadLogHandler` sharing one
    /// syslog connection (none when `syslogPath` is nil), and routes `Log.warning` and
    /// `Log.info` through `Logger(label: "playhead")`. Only the first call does anything, and
    /// says so by returning true: swift-log stops the process on a second bootstrap. Nothing
    /// else may call `LoggingSystem.bootstrap`.
    @discardableResult
    public static func bootstrap(syslogPath: String? = "/dev/log") -> Bool {
        guard bootstrapped.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            return false
        }
        let syslog = syslogPath.map { SyslogWriter(path: $0) }
        LoggingSystem.bootstrap { label in PlayheadLogHandler(label: label, syslog: syslog) }
        routeLegacyLog(to: Logger(label: "playhead"))
        return true
    }

    /// The logger `Log` uses (tests install their own, then nil).
    static func routeLegacyLog(to logger: Logger?) {
        legacy.withLock { $0 = logger }
    }

    static var legacyLogger: Logger? { legacy.withLock { $0 } }

    private static func code(_ level: Logger.Level) -> UInt8 {
        UInt8(Logger.Level.allCases.firstIndex(of: level)!)
    }

    private static func decode(_ code: UInt8) -> Logger.Level {
        Logger.Level.allCases[Int(code)]
    }
}
