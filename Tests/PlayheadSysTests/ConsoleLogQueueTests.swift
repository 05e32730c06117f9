import Dispatch
@testable import PlayheadSys
import Testing

/// A console that stops taking lines (flow control, a terminal nobody reads) must cost dropped
/// lines, never a logging thread held up. The console here is stuck until the test lets it go.
@Suite(.timeLimit(.minutes(1))) struct ConsoleLogQueueTests {
    @Test func aStuckConsoleCostsDroppedLinesNotAWaitAndSaysHowMany() {
        let lines = LineCollector()
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let queue = ConsoleLogQueue(capacity: 8) { line in
            lines.append(line)
            if line == "line 0" {
                entered.signal()
                release.wait()
            }
        }
        queue.offer("line 0")
        entered.wait()
        // The console is stuck in its first write: these return at once (were they to wait,
        // the test would never reach the release below).
        for i in 1...100 { queue.offer("line \(i)") }
        release.signal()
        queue.stop()
        #expect(lines.all == (0...8).map { "line \($0)" } + ["(92 log lines dropped: the console or standard error was too slow)"])
        // Stopped: written at once, on the caller's thread.
        queue.offer("late")
        #expect(lines.all.last == "late")
    }
}
