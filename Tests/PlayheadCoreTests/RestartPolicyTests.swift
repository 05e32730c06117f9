import Testing
@testable import PlayheadCore

@Suite struct RestartPolicyTests {
    static let s: Int64 = 1_000_000_000
    let settings = RestartPolicy.Settings(attempts: 3)

    func seconds(_ d: RestartPolicy.Decision) -> Double {
        switch d {
        case .retry(let delay, _), .moveOn(let delay): return Double(delay) / 1e9
        }
    }

    @Test func anItemIsTriedAgainWithADoublingBackOffThenTheQueueMovesOn() {
        var p = RestartPolicy(settings)
        let tries = (0..<4).map { _ in p.failed("a", queueCount: 3) }
        guard case .retry(_, 1) = tries[0], case .retry(_, 2) = tries[1], case .retry(_, 3) = tries[2] else {
            Issue.record("not three retries: \(tries)")
            return
        }
        for (i, base) in [1.0, 2.0, 4.0].enumerated() {
            #expect(abs(seconds(tries[i]) - base) <= base * 0.2 + 1e-9, "try \(i + 1): \(seconds(tries[i])) s")
        }
        // The others have not failed: on at once.
        #expect(tries[3] == .moveOn(delay: 0))
        // Its next turn starts a new run.
        guard case .retry(_, 1) = p.failed("b", queueCount: 3) else { Issue.record("b was not retried"); return }
    }

    @Test func theDelayStopsAtItsCap() {
        var p = RestartPolicy(RestartPolicy.Settings(attempts: 10, firstDelayMs: 1000, maxDelayMs: 30_000, jitter: 0))
        let delays = (0..<8).map { _ in seconds(p.failed("a", queueCount: 1)) }
        #expect(delays == [1, 2, 4, 8, 16, 30, 30, 30])
    }

    @Test func theJitterSpreadsTheDelays() {
        var p = RestartPolicy(RestartPolicy.Settings(attempts: 1))
        var seen = Set<Int64>()
        for i in 0..<20 {
            if case .retry(let d, _) = p.failed("item\(i)", queueCount: 100) {
                #expect(d >= 800_000_000 && d <= 1_200_000_000)
                seen.insert(d)
            }
        }
        #expect(seen.count > 10)
    }

    @Test func whenEveryItemFailsTheQueueWaitsLongerEachRound() {
        var p = RestartPolicy(RestartPolicy.Settings(attempts: 1, jitter: 0))
        var waits: [Double] = []
        for _ in 0..<3 {
            for key in ["a", "b"] {
                #expect(p.failed(key, queueCount: 2) == .retry(delay: Self.s, attempt: 1))
                waits.append(seconds(p.failed(key, queueCount: 2)))
            }
        }
        // a moves on at once (b has not failed yet); after b every item has failed: wait.
        #expect(waits == [0, 1, 1, 2, 2, 4])
    }

    @Test func playingEndsTheRunOfFailures() {
        var p = RestartPolicy(RestartPolicy.Settings(attempts: 2, jitter: 0))
        _ = p.failed("a", queueCount: 1)
        _ = p.failed("a", queueCount: 1)
        p.progressed("a")
        #expect(p.failed("a", queueCount: 1) == .retry(delay: Self.s, attempt: 1))
        #expect(p.attemptsInRow == 1)
    }

    @Test func neverRetriesAndNeverWaits() {
        var p = RestartPolicy(.never)
        for _ in 0..<5 { #expect(p.failed("a", queueCount: 1) == .moveOn(delay: 0)) }
    }
}
