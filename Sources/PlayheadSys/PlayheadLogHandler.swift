import Logging
import PlayheadCore

/// The appliance's swift-log handler. Each message is one line,
/// `playhead: <level> <label>: <message> key=value ...`, the label naming the subsystem
/// ("alsa", "drm", "player"): written with one write(2) to standard error (or handed to the
/// line sink, see `LogSettings.setLineSink`), and sent to syslog as
/// `<PRI>playhead[pid]: <level> <label>: ...` with facility daemon.
///
/// The level is the process's live level (`LogSettings.level`), not the handler's own: setting
/// it on one logger sets it for all, so that `log debug` on the console reaches every
/// subsystem. swift-log asks handlers for a level per logger; this one departs from that on
/// purpose.
public struct PlayheadLogHandler: LogHandler {
    public let label: String
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let syslog: SyslogWriter?
    private let lineSink: (@Sendable (String) -> Void)?

    /// A handler with its own syslog connection to `syslogPath` (none when nil; a path with no
    /// logger behind it is tried again now and then, silently). `lineSink`, when given, takes
    /// this handler's lines instead of the process's sink or standard error.
    public init(label: String, syslogPath: String? = "/dev/log", lineSink: (@Sendable (String) -> Void)? = nil) {
        self.label = label
        syslog = syslogPath.map { SyslogWriter(path: $0) }
        self.lineSink = lineSink
    }

    /// For the bootstrap: every logger shares one syslog connection.
    init(label: String, syslog: SyslogWriter?) {
        self.label = label
        self.syslog = syslog
        lineSink = nil
    }

    public var logLevel: Logger.Level {
        get { LogSettings.level }
        set { LogSettings.setLevel(newValue) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        // Logger checked the level already; a handler called directly checks it here.
        guard event.level >= LogSettings.level else { return }
        var fields = metadata
        if let provided = metadataProvider?.get() { fields.merge(provided) { $1 } }
        if let given = event.metadata { fields.merge(given) { $1 } }
        if let error = event.error { fields["error"] = "\(error)" }
        let body = Self.body(level: event.level, label: label, message: event.message.description, metadata: fields)
        syslog?.send(level: event.level, body: body)
        LogSettings.keep(body)
        // Never through `Log`: once bootstrapped, `Log` comes here.
        if let sink = lineSink ?? LogSettings.lineSink {
            sink("playhead: \(body)")
        } else {
            Sys.writeStandardError("playhead: \(body)\n")
        }
    }

    /// `<level> <label>: <message> key=value ...`, keys sorted, on one line whatever the
    /// message holds: a trailing newline (FFmpeg's messages end with one) is dropped, others
    /// become `\n`, and every other control character is escaped (messages quote file names,
    /// titles and FFmpeg's text, and the line reaches a terminal).
    static func body(level: Logger.Level, label: String, message: String, metadata: Logger.Metadata) -> String {
        var text = "\(level.rawValue) \(label): \(oneLine(message))"
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            text += " \(oneLine(key))=\(field("\(value)"))"
        }
        return text
    }

    private static func oneLine(_ text: String) -> String {
        var text = Substring(text)
        while let last = text.unicodeScalars.last, last == "\n" || last == "\r" { text.unicodeScalars.removeLast() }
        return ControlCharacters.escaped(String(text))
    }

    /// A value with a space, a quote or an equals sign, or an empty one, is quoted, so that
    /// the pairs still split apart; so is one with a control character, which quoting escapes.
    private static func field(_ value: String) -> String {
        let plain = !value.isEmpty && !value.unicodeScalars.contains { " \t\"=\\".unicodeScalars.contains($0) || ControlCharacters.isControl($0) }
        guard !plain else { return value }
        return ReplyValue.quoted(value)
    }
}
