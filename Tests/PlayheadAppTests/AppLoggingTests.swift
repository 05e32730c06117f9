@testable import PlayheadApp
@testable import PlayheadSys
import Synchronization
import Testing

/// Log lines to standard error go through a queue: a reader that stopped reading (a full pipe
/// to a logger) costs dropped lines, never a thread held in write(2).
@Suite(.serialized, .timeLimit(.minutes(1))) struct AppLoggingTests {
    @Test func aStalledStandardErrorHoldsUpNoOneThatLogs() {
        let gate = ConditionLock()
        let open = Mutex(false)
        let written = Mutex<[String]>([])
        AppLogging.show(on: nil) { line in
            gate.withLock { while !open.withLock({ $0 }) { gate.wait() } }
            written.withLock { $0.append(line) }
        }
        defer { AppLogging.stopShowing() }
        // Without the queue the first line would wait here for the gate, and the test for its limit.
        guard let sink = LogSettings.lineSink else {
            Issue.record("no line sink installed for standard error")
            return
        }
        for i in 0..<1000 { sink("line \(i)") }
        #expect(written.withLock { $0.isEmpty })
        gate.withLock {
            open.withLock { $0 = true }
            gate.broadcast()
        }
        AppLogging.stopShowing()
        // Other suites running alongside may log through the same sink: only these lines count.
        let notice = "log lines dropped: the console or standard error was too slow)"
        let lines = written.withLock { $0 }.filter { $0.hasPrefix("line ") || $0.hasSuffix(notice) }
        #expect(lines.first == "line 0")
        #expect(lines.count < 1000)
        #expect(lines.last?.hasSuffix(notice) == true, "\(lines.suffix(3)) of \(lines.count)")
        #expect(LogSettings.lineSink == nil)
    }
}
