import PlayheadCore
import Testing

@Suite struct MQTTLinkTests {
    let second: Int64 = 1_000_000_000

    @Test func connectsAtOnceThenAnnounces() {
        var link = MQTTLink()
        #expect(link.step(.tick, now: 0) == [.connect])
        #expect(link.step(.tick, now: second) == [])
        #expect(link.step(.connected, now: 2 * second) == [.log("mqtt: connected"), .announce])
        #expect(link.isConnected)
        #expect(link.reconnects == 0)
    }

    @Test func failuresBackOffDoublingToSixtySeconds() {
        var link = MQTTLink()
        var now: Int64 = 0
        var waits: [Int64] = []
        for _ in 0..<9 {
            #expect(link.step(.tick, now: now) == [.connect])
            _ = link.step(.failed("connection refused"), now: now)
            guard case .disconnected(let at) = link.phase else { return #expect(Bool(false)) }
            waits.append((at - now) / second)
            #expect(link.step(.tick, now: at - 1) == [], "not before its time")
            now = at
        }
        #expect(waits == [1, 2, 4, 8, 16, 32, 60, 60, 60])
        #expect(link.failures == 9)
    }

    @Test func theSameProblemIsSaidOnce() {
        var link = MQTTLink()
        _ = link.step(.tick, now: 0)
        #expect(link.step(.failed("refused"), now: 0).count == 1)
        _ = link.step(.tick, now: second)
        #expect(link.step(.failed("refused"), now: second) == [])
        _ = link.step(.tick, now: 3 * second)
        #expect(link.step(.failed("no route"), now: 3 * second).count == 1)
    }

    @Test func aGoodConnectionResetsTheBackOffAndCountsTheReconnect() {
        var link = MQTTLink()
        var now: Int64 = 0
        for _ in 0..<4 {
            _ = link.step(.tick, now: now)
            _ = link.step(.failed("refused"), now: now)
            now = link.nextDeadline!
        }
        _ = link.step(.tick, now: now)
        _ = link.step(.connected, now: now)
        #expect(link.backoff == MQTTLink.firstBackoff)
        #expect(link.step(.lost("the broker went away"), now: now + second).count == 1)
        #expect(link.phase == .disconnected(retryAt: now + 2 * second))
        _ = link.step(.tick, now: now + 2 * second)
        #expect(link.step(.connected, now: now + 3 * second) == [.log("mqtt: connected again"), .announce])
        #expect(link.reconnects == 1)
    }

    @Test func anAttemptWithNoAnswerTimesOut() {
        var link = MQTTLink()
        _ = link.step(.tick, now: 0)
        #expect(link.nextDeadline == MQTTLink.connectTimeout)
        #expect(link.step(.tick, now: MQTTLink.connectTimeout - 1) == [])
        #expect(link.step(.tick, now: MQTTLink.connectTimeout).count == 1)
        #expect(link.phase == .disconnected(retryAt: MQTTLink.connectTimeout + second))
    }

    @Test func lateNewsOfAnOldConnectionChangesNothing() {
        var link = MQTTLink()
        _ = link.step(.tick, now: 0)
        _ = link.step(.failed("refused"), now: 0)
        #expect(link.step(.lost("closed"), now: 1) == [])
        #expect(link.step(.connected, now: 1) == [])
        #expect(link.phase == .disconnected(retryAt: second))
    }
}
