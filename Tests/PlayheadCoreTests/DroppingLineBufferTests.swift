import PlayheadCore
import Testing

/// Log lines wait here for a slow console; when it is full they are dropped and counted, and
/// the batch taken after the drops ends with a line that says how many.
@Suite struct DroppingLineBufferTests {
    @Test func fullBufferDropsAndCountsAndTheNextBatchSaysHowMany() {
        var b = DroppingLineBuffer(capacity: 3)
        for i in 1...7 { _ = b.offer("line \(i)") }
        let first = b.takeAll(), second = b.takeAll()
        #expect(first == ["line 1", "line 2", "line 3", "(4 log lines dropped: the console or standard error was too slow)"])
        #expect(second == [])
        let kept = b.offer("line 8")
        let third = b.takeAll()
        #expect(kept)
        #expect(third == ["line 8"])
    }

    @Test func offerSaysWhetherTheLineWasKept() {
        var b = DroppingLineBuffer(capacity: 1)
        let a = b.offer("a"), c = b.offer("b")
        #expect(a)
        #expect(!c)
        #expect(b.count == 1)
    }
}
