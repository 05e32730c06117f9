@testable import PlayheadSys
import Synchronization
import Testing

/// The line sink is read for every log line, for months: reading it must leave it as it was.
@Suite(.serialized) struct LogSettingsSinkTests {
    @Test func readingTheSinkAHundredThousandTimesLeavesItCallable() {
        let calls = Mutex(0)
        LogSettings.setLineSink { _ in calls.withLock { $0 += 1 } }
        defer { LogSettings.setLineSink(nil) }
        // Stored bare in the Mutex, each read wrapped the closure in one more thunk: a call
        // after some tens of thousands of reads overflowed the stack (SIGSEGV, the test run dies).
        for _ in 0..<100_000 { _ = LogSettings.lineSink }
        LogSettings.lineSink?("line")
        #expect(calls.withLock { $0 } >= 1)
    }
}
