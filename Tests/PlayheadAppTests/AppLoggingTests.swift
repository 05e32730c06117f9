@testable import PlayheadApp
import PlayheadSys
import Synchronization
import Testing

/// Log lines to standard error go through a queue: a reader that stopped reading (a full pipe
/// to a logger) costs dropped lines, never a thread held in write(2). The queue is made here
/// rather than installed: the process's sink is shared with the suites running alongside.
@Suite(.timeLimit(.minutes(1))) struct AppLoggingTests {
    @Test func aStalledStandardErrorHoldsUpNoOneThatLogs() {
        let gate = ConditionLock()
        let open = Mutex(false)
        let written = Mutex<[String]>([])
        let queue = AppLogging.lineQueue(console: nil) { line in
            gate.withLock { while !open.withLock({ $0 }) { gate.wait() } }
            written.withLock { $0.append(line) }
        }
        // Were the lines written in place, the first would wait here for the gate, and the
        // test for its limit.
        for i in 0..<1000 { queue.offer("line \(i)") }
        #expect(written.withLock { $0.isEmpty })
        gate.withLock {
            open.withLock { $0 = true }
            gate.broadcast()
        }
        queue.stop()
        let lines = written.withLock { $0 }
        #expect(lines.first == "line 0")
        #expect(lines.count < 1000)
        #expect(lines.last?.hasSuffix("log lines dropped: the console or standard error was too slow)") == true,
                "\(lines.suffix(3)) of \(lines.count)")
    }
}
