import Logging

/// The appliance's own log lines (subsystem "app"), through swift-log.
enum AppLog {
    static let logger = Logger(label: "app")
    static func debug(_ message: String) { logger.debug("\(message)") }
    static func info(_ message: String) { logger.info("\(message)") }
    static func notice(_ message: String) { logger.notice("\(message)") }
    static func warning(_ message: String) { logger.warning("\(message)") }
    static func error(_ message: String) { logger.error("\(message)") }
}
