import Logging
import PlayheadCore

/// One-line diagnostics for the outputs' threads (the serial console shows them on a board).
/// Before `LogSettings.bootstrap`, straight to standard error, one write(2) per line so lines
/// from threads do not interleave; after it, through `Logger(label: "playhead")`, so these
/// lines reach syslog and the line sink too.
public enum Log {
    public static func warning(_ message: String) {
        if let logger = LogSettings.legacyLogger {
            logger.warning("\(message)")
        } else {
            // Escaped as the log handler would: messages quote names and titles.
            Sys.writeStandardError("playhead: warning: \(ControlCharacters.escaped(message))\n")
        }
    }

    public static func info(_ message: String) {
        if let logger = LogSettings.legacyLogger {
            logger.info("\(message)")
        } else {
            Sys.writeStandardError("playhead: \(ControlCharacters.escaped(message))\n")
        }
    }
}
