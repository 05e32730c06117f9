import PlayheadCore
import Testing

@Suite struct StatusThrottleTests {
    let ms: Int64 = 1_000_000

    @Test func onlyAChangeGoesOut() {
        var t = StatusThrottle()
        #expect(t.offer("a", now: 0) == "a")
        #expect(t.offer("a", now: 1000 * ms) == nil)
        #expect(t.offer("b", now: 2000 * ms) == "b")
    }

    @Test func atMostFourASecond() {
        var t = StatusThrottle()
        var sent = 0
        // A position that changes every 10 ms, for one second.
        for i in 0..<100 where t.offer("position \(i)", now: Int64(i) * 10 * ms) != nil { sent += 1 }
        #expect(sent == 4)
        #expect(t.offer("later", now: 990 * ms) == nil)
        #expect(t.offer("later", now: 1000 * ms) == "later")
    }

    @Test func aNewConnectionSendsItAgain() {
        var t = StatusThrottle()
        _ = t.offer("a", now: 0)
        t.forget()
        #expect(t.offer("a", now: 1 * ms) == "a")
    }
}
