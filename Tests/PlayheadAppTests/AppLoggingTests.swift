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
        // Every line is either written or counted in a line that says how many were dropped
        // (there may be more than one such line: the writer can take a batch while lines still
        // come in).
        let kept = lines.filter { $0.hasPrefix("line ") }.count
        let dropped = lines.compactMap { line -> Int? in
            guard line.hasSuffix("log lines dropped: the console or standard error was too slow)") else { return nil }
            return Int(line.dropFirst().prefix { $0.isNumber })
        }
        #expect(!dropped.isEmpty && kept < 1000)
        #expect(kept + dropped.reduce(0, +) == 1000, "\(kept) written, \(dropped) dropped")
    }
}
