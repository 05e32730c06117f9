import PlayheadTestSupport
import Glibc
import Logging
@testable import PlayheadSys
import Synchronization
import Testing

/// The log handler built directly (the global LoggingSystem is never bootstrapped in tests),
/// with a line sink and a datagram socket standing in for syslogd. Serialized: the live level
/// and the line sink are the process's; each test sets what it needs and puts it back.
@Suite(.serialized, .timeLimit(.minutes(1))) struct PlayheadLogHandlerTests {
    static func logger(_ label: String, syslog: String?, into lines: LineCollector) -> Logger {
        Logger(label: label) { PlayheadLogHandler(label: $0, syslogPath: syslog, lineSink: lines.append) }
    }

    /// Runs `body` at `level`, then puts back the level found.
    static func at<R>(_ level: Logger.Level, _ body: () async throws -> R) async throws -> R {
        let before = LogSettings.level
        LogSettings.setLevel(level)
        defer { LogSettings.setLevel(before) }
        return try await body()
    }

    @Test func sinkGetsOneFormattedLinePerMessage() async throws {
        let lines = LineCollector()
        try await Self.at(.trace) {
            var log = Self.logger("alsa", syslog: nil, into: lines)
            log[metadataKey: "card"] = "hw:0"
            log.warning("underrun", metadata: ["frames": "512"])
            log.info("route changed\n", metadata: ["to": "HDMI 1", "why": #"a="b""#, "card": "hw:1"])
            log.error("two\nlines")
            log.debug("quiet", metadata: ["empty": ""])
        }
        #expect(lines.all == [
            "playhead: warning alsa: underrun card=hw:0 frames=512",
            #"playhead: info alsa: route changed card=hw:1 to="HDMI 1" why="a=\"b\"""#,
            #"playhead: error alsa: two\nlines card=hw:0"#,
            #"playhead: debug alsa: quiet card=hw:0 empty="""#,
        ])
    }

    @Test func controlCharactersInMessagesAndFieldsAreEscaped() async throws {
        let lines = LineCollector()
        try await Self.at(.info) {
            let log = Self.logger("player", syslog: nil, into: lines)
            log.error("cannot open /m/\u{1B}]0;owned\u{7}clip.mp4\u{9B}2J", metadata: ["title": "Caf\u{E9} \u{1B}[5m", "k\u{1B}": "v"])
        }
        #expect(lines.all == [
            #"playhead: error player: cannot open /m/\u{1B}]0;owned\u{7}clip.mp4\u{9B}2J k\u{1B}=v title="Café \u001b[5m""#,
        ])
        // A value with no space is printed bare: its controls must be escaped all the same.
        let bare = LineCollector()
        try await Self.at(.info) {
            Self.logger("player", syslog: nil, into: bare).info("opened", metadata: ["file": "a\u{1B}[2Jb\u{9B}c"])
        }
        #expect(bare.all == [#"playhead: info player: opened file="a\u001b[2Jb\u009bc""#])
    }

    @Test func syslogGetsPriorityTagAndTheSameLine() async throws {
        let dir = TemporaryDirectory()
        let syslogd = try DatagramTestReceiver(path: dir.file("log"))
        let lines = LineCollector()
        // daemon (3) * 8 + severity.
        let expected: [(Logger.Level, Int)] = [
            (.trace, 31), (.debug, 31), (.info, 30), (.notice, 29), (.warning, 28), (.error, 27), (.critical, 26),
        ]
        try await Self.at(.trace) {
            var log = Self.logger("drm", syslog: syslogd.path, into: lines)
            log[metadataKey: "crtc"] = "41"
            for (level, priority) in expected {
                log.log(level: level, "flip \(level)", metadata: ["frame": "7"])
                let datagram = try await syslogd.receive()
                #expect(datagram == "<\(priority)>playhead[\(getpid())]: \(level) drm: flip \(level) crtc=41 frame=7")
            }
        }
        #expect(lines.all.count == expected.count)
        #expect(lines.all.first == "playhead: trace drm: flip trace crtc=41 frame=7")
    }

    @Test func messagesBelowTheLiveLevelAreDroppedEverywhereAndOneSetterMovesAll() async throws {
        let dir = TemporaryDirectory()
        let syslogd = try DatagramTestReceiver(path: dir.file("log"))
        let lines = LineCollector()
        try await Self.at(.warning) {
            var alsa = Self.logger("alsa", syslog: syslogd.path, into: lines)
            let drm = Self.logger("drm", syslog: syslogd.path, into: lines)
            alsa.info("hidden")
            drm.debug("hidden")
            alsa.warning("shown")
            let shown = try await syslogd.receive()
            #expect(shown == "<28>playhead[\(getpid())]: warning alsa: shown")
            #expect(lines.all == ["playhead: warning alsa: shown"])

            // `log debug` on the console: one logger's setter moves every logger.
            alsa.logLevel = .debug
            #expect(LogSettings.level == .debug)
            #expect(drm.logLevel == .debug)
            drm.debug("now shown")
            let nowShown = try await syslogd.receive()
            #expect(nowShown == "<31>playhead[\(getpid())]: debug drm: now shown")

            // Called directly, not through a Logger, the handler still checks.
            LogSettings.setLevel(.error)
            let handler = PlayheadLogHandler(label: "player", syslogPath: syslogd.path, lineSink: lines.append)
            handler.log(event: LogEvent(level: .warning, message: "hidden", metadata: nil, source: nil, file: #fileID, function: #function, line: #line))
            #expect(lines.all == ["playhead: warning alsa: shown", "playhead: debug drm: now shown"])
            #expect(syslogd.drain() == [])
        }
    }

    @Test func missingSyslogIsSilentAndFoundOnceItAppears() async throws {
        let dir = TemporaryDirectory()
        let path = dir.file("log")
        let lines = LineCollector()
        try await Self.at(.info) {
            let log = Self.logger("player", syslog: path, into: lines)
            log.info("before the logger")
            #expect(lines.all == ["playhead: info player: before the logger"])
            // syslogd starts later: lines reach it once the next try comes (one a second).
            let syslogd = try DatagramTestReceiver(path: path)
            let deadline = ContinuousClock.now + .seconds(20)
            var got: String?
            while got == nil, ContinuousClock.now < deadline {
                log.info("later")
                got = try await syslogd.receive(within: .milliseconds(100))
            }
            #expect(got == "<30>playhead[\(getpid())]: info player: later")
        }
        // A path that cannot even be a socket address is silent too.
        let nowhere = Self.logger("player", syslog: "/tmp/" + String(repeating: "x", count: 200), into: lines)
        try await Self.at(.info) { nowhere.info("still here") }
        #expect(lines.all.last == "playhead: info player: still here")
    }

    @Test func syslogIsReconnectedWhenTheLoggerRestarts() async throws {
        let dir = TemporaryDirectory()
        let path = dir.file("log")
        let lines = LineCollector()
        try await Self.at(.info) {
            let log = Self.logger("player", syslog: path, into: lines)
            var syslogd: DatagramTestReceiver? = try DatagramTestReceiver(path: path)
            log.info("first")
            let first = try await syslogd?.receive()
            #expect(first == "<30>playhead[\(getpid())]: info player: first")
            syslogd = nil
            syslogd = try DatagramTestReceiver(path: path)
            log.info("second")
            let second = try await syslogd?.receive()
            #expect(second == "<30>playhead[\(getpid())]: info player: second")
        }
    }

    @Test func aLoggerThatNeverReadsCostsDroppedLinesNotAStall() async throws {
        let dir = TemporaryDirectory()
        let syslogd = try DatagramTestReceiver(path: dir.file("log"))
        let lines = Atomic(0)
        let count = 20_000
        let start = ContinuousClock.now
        try await Self.at(.info) {
            let log = Logger(label: "player") {
                PlayheadLogHandler(label: $0, syslogPath: syslogd.path) { _ in lines.add(1, ordering: .relaxed) }
            }
            for i in 0..<count { log.info("line \(i) of a flood that nobody reads") }
        }
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(lines.load(ordering: .relaxed) == count)
        let received = syslogd.drain().count
        #expect(received > 0)
        #expect(received < count)
    }

    @Test func processSinkTakesLinesOfHandlersWithoutTheirOwn() async throws {
        let lines = LineCollector()
        LogSettings.setLineSink(lines.append)
        defer { LogSettings.setLineSink(nil) }
        try await Self.at(.info) {
            let log = Logger(label: "gpio") { PlayheadLogHandler(label: $0, syslogPath: nil) }
            log.notice("button 1 pressed", metadata: ["line": "17"])
        }
        #expect(lines.all == ["playhead: notice gpio: button 1 pressed line=17"])
    }

    @Test func legacyLogGoesThroughTheLoggerOnceRouted() async throws {
        let lines = LineCollector()
        LogSettings.routeLegacyLog(to: Logger(label: "playhead") { PlayheadLogHandler(label: $0, syslogPath: nil, lineSink: lines.append) })
        defer { LogSettings.routeLegacyLog(to: nil) }
        try await Self.at(.info) {
            Log.warning("legacy warning 41")
            Log.info("legacy info 42")
        }
        try await Self.at(.warning) { Log.info("legacy info 43") }
        // Other suites may log meanwhile: only this test's lines are looked at.
        #expect(lines.all.filter { $0.contains("legacy") } == [
            "playhead: warning playhead: legacy warning 41",
            "playhead: info playhead: legacy info 42",
        ])
    }

    @Test func longDatagramsAreCutBeforeACharacter() {
        let max = SyslogWriter.maxDatagramBytes
        let short = Array(repeating: UInt8(ascii: "a"), count: max)
        #expect(SyslogWriter.cut(short) == short)
        let straddling = Array(repeating: UInt8(ascii: "a"), count: max - 1) + Array("é and more".utf8)
        #expect(SyslogWriter.cut(straddling) == Array(repeating: UInt8(ascii: "a"), count: max - 1))
        let boundary = Array(repeating: UInt8(ascii: "a"), count: max) + Array("é".utf8)
        #expect(SyslogWriter.cut(boundary).count == max)
    }
}
