import Testing
import PlayheadCore

/// Each buffer carries its one record from its commit until it leaves the screen.
@Suite struct BufferRingTests {
    @Test func aRecordGoesWithItsBufferAndLeavesWithIt() {
        var ring = BufferRing<String>(count: 3)
        let a = ring.acquire()!
        ring.queue(a, record: "a")
        ring.flipped()
        #expect(ring.record(of: a) == "a")
        let b = ring.acquire()!
        #expect(ring.record(of: b) == nil)
        ring.queue(b, record: "b")
        ring.flipped()
        // a left the screen: its record went with it.
        #expect(ring.record(of: a) == nil && ring.record(of: b) == "b")
        ring.update(b, record: "b, flip handled")
        #expect(ring.record(of: b) == "b, flip handled")
        let c = ring.acquire()!
        ring.queue(c, record: "c")
        ring.commitFailed(c)
        #expect(ring.record(of: c) == nil && ring.states[c] == .free)
        #expect(ring.record(of: 7) == nil)
    }
}
