import PlayheadSys
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1))) struct TickingThreadTests {
    /// A step that asks for an hour's sleep: stop wakes the thread and joins it, and no further
    /// step runs (a stop that waited out the sleep would hit the suite's time limit).
    @Test func stopWakesTheSleepAndJoins() {
        let steps = Mutex(0)
        let ran = ConditionLock()
        let ticker = TickingThread()
        ticker.start(name: "ph-test") {
            ran.withLock {
                steps.withLock { $0 += 1 }
                ran.broadcast()
            }
            return 3_600_000_000_000
        }
        ran.withLock {
            let deadline = MonotonicClock().now().nanoseconds + 10_000_000_000
            while steps.withLock({ $0 }) == 0 && ran.wait(untilMonotonic: deadline) {}
        }
        ticker.stop()
        #expect(steps.withLock { $0 } == 1)
        // Again does nothing.
        ticker.stop()
    }
}
