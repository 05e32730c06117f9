import PlayheadCore
import Testing

@Suite struct OutgoingQueueTests {
    func event(_ i: Int) -> OutgoingQueue.Message { .init(topic: "p/events", text: "e\(i)") }

    @Test func whenFullTheOldestGoesAndIsCounted() {
        var q = OutgoingQueue(capacity: 4)
        for i in 0..<10 { q.append(event(i)) }
        #expect(q.dropped == 7)
        #expect(q.count == 3)
        #expect(q.next() == event(7))
        #expect(q.next() == event(8))
        #expect(q.next() == event(9))
        #expect(q.next() == nil)
    }

    @Test func onlyTheLatestStatusIsKeptAndGoesFirst() {
        var q = OutgoingQueue(capacity: 4)
        q.append(event(1))
        for i in 0..<100 { q.setStatus(.init(topic: "p/status", text: "s\(i)", retained: true)) }
        for i in 2..<4 { q.append(event(i)) }
        #expect(q.count == 4)
        #expect(q.dropped == 0)
        #expect(q.next() == .init(topic: "p/status", text: "s99", retained: true))
        #expect(q.next() == event(1))
    }

    @Test func replyKeepsItsCorrelationData() {
        var q = OutgoingQueue()
        q.append(.init(topic: "r", text: "{}", correlation: [1, 2, 3]))
        #expect(q.next()?.correlation == [1, 2, 3])
    }
}
