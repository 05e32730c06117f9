import Playhead
import PlayheadCore
import PlayheadSys
import Synchronization
import PlayheadTestSupport
import Testing

/// A failed item is tried again with a back-off, from where it was, with the slate on screen
/// meanwhile; after the tries in a row the queue moves on.
@Suite struct PlayerRestartTests {
    func restarts(_ events: [PlayerEvent]) -> [(attempt: Int, delay: Double)] {
        events.compactMap { e in
            if case .itemRestarting(let attempt, let delay, _) = e.kind { return (attempt, delay) }
            return nil
        }
    }

    @Test func anItemFailingWhilePlayingIsTriedAgainFromWhereItWasThenSkipped() async {
        // Fails at frame 150 (6 s) every time: three tries, then the next item.
        let h = PlayerHarness(urls: ["fake-300-fail150", "fake-50"], restart: RestartPolicy.Settings(attempts: 3))
        h.player.play()
        #expect(await h.waitUntilQueueEnds())
        let tries = restarts(h.events)
        #expect(tries.map(\.attempt) == [1, 2, 3])
        for (t, base) in zip(tries, [1.0, 2.0, 4.0]) { #expect(abs(t.delay - base) <= base * 0.2 + 0.001, "\(t.delay)") }
        #expect(h.player.statistics.restarts == 3)
        let failures = h.events.filter { if case .failedToPlayToEndTime = $0.kind { return true }; return false }
        #expect(failures.map { $0.item?.asset.url } == ["fake-300-fail150"])
        #expect(h.events.filter { $0.name == "newErrorLogEntry" }.count == 4)
        // The second item played to its end after the tries.
        #expect(h.events.contains { $0.name == "didPlayToEndTime" && $0.item?.asset.url == "fake-50" })
        // While waiting, the slate; each try starts again near 6 s, not from the start.
        let slate = h.video.frames.filter { $0.digest >> 32 == 0x5_1A7E }
        #expect(slate.count == 3)
        let frames = h.video.frames
        var resumed: [Double] = []
        for (i, f) in frames.enumerated() where f.digest >> 32 == 0x5_1A7E && i + 1 < frames.count {
            let next = frames[i + 1]
            if next.digest >> 32 != 0x5_1A7E { resumed.append(next.pts.seconds) }
        }
        #expect(resumed.count >= 3)
        for t in resumed.prefix(3) { #expect(t >= 5.5 && t <= 6.1, "a try started at \(t) s") }
        // Each try lands where the item was, away from its start: a time jump each time.
        let jumps = h.events.filter { $0.name == "timeJumped" && $0.item?.asset.url == "fake-300-fail150" }
        #expect(jumps.count == 3)
        for j in jumps { #expect(j.time.seconds >= 5.5 && j.time.seconds <= 6.1, "a jump to \(j.time.seconds) s") }
    }

    @Test func aLiveStreamTriedAgainComesBackAtItsEdgeAndTheJumpIsAnnounced() async {
        // Live, it fails 2 s in: tried again where the stream is now, its time from zero again.
        let h = PlayerHarness(urls: ["fake-100-live-fail50", "fake-10"], restart: RestartPolicy.Settings(attempts: 1))
        h.player.play()
        #expect(await h.waitUntilQueueEnds())
        #expect(restarts(h.events).count == 1)
        let jumps = h.events.filter { $0.name == "timeJumped" && $0.item?.asset.url == "fake-100-live-fail50" }
        #expect(jumps.map(\.time) == [.zero])
    }

    @Test func aStallLongerThanTheLimitFailsTheItemWhichIsTriedAgain() {
        // The source holds at 1 s; time is let pass while it is dry, as a real clock would.
        let gate = FakeGate()
        gate.hold(from: MediaTime(seconds: 1, preferredTimescale: 1000))
        let h = PlayerHarness(urls: ["fake-100", "fake-10"], backend: FakeBackend(gate: gate),
                              restart: RestartPolicy.Settings(attempts: 1, firstDelayMs: 200), stallLimitNanoseconds: 500_000_000)
        h.player.play()
        #expect(!h.run { $0.contains { $0.name == "playbackStalled" } })
        // The stall (200 ms after the last picture), its limit, the try again 200 ms later, its
        // stall and limit: well within three seconds.
        h.letTimePass(nanoseconds: 3_000_000_000)
        #expect(h.run { $0.contains { $0.name == "currentItemChanged" && $0.item == nil } })
        let events = h.events
        #expect(events.filter { $0.name == "playbackStalled" }.count == 2)
        let reasons = events.compactMap { e -> String? in
            if case .itemRestarting(_, _, let error) = e.kind { return error.message }
            return nil
        }
        #expect(reasons.count == 1 && reasons[0].contains("no data for 1 s (stall-limit)"), "\(reasons)")
        #expect(events.contains { $0.name == "failedToPlayToEndTime" && $0.item?.asset.url == "fake-100" })
        #expect(events.contains { $0.name == "didPlayToEndTime" && $0.item?.asset.url == "fake-10" })
    }

    @Test func withoutRestartsAFailedItemIsSkippedAtOnce() async {
        let h = PlayerHarness(urls: ["fake-300-fail150", "fake-50"])
        h.player.play()
        #expect(await h.waitUntilQueueEnds())
        #expect(restarts(h.events).isEmpty)
        #expect(h.video.frames.allSatisfy { $0.digest >> 32 != 0x5_1A7E })
    }

    @Test func anItemThatFailedOnALoopsEarlierTurnPlaysAgainAsPlayingNotFailed() {
        // The demo's damaged clip, looped: given up on in the first turn, played in the next.
        let h = PlayerHarness(urls: ["fake-20-fail10", "fake-10"], restart: RestartPolicy.Settings(attempts: 1, jitter: 0))
        h.player.setLooping(true)
        h.player.play()
        func secondTurnShows(_ events: [PlayerEvent]) -> Bool {
            guard let given = events.firstIndex(where: { $0.name == "failedToPlayToEndTime" }) else { return false }
            return events[given...].contains { $0.name == "readyForDisplay" && $0.item?.asset.url == "fake-20-fail10" }
        }
        #expect(h.run(until: secondTurnShows))
        let item = h.player.currentItem
        #expect(item?.asset.url == "fake-20-fail10")
        // Its status is final, as AVPlayerItem's; the player plays it all the same.
        #expect(item?.status == .failed)
        let state = PlayerState.decide(playerFailed: h.player.status == .failed, item: item?.status, timeControl: h.player.timeControl)
        #expect(state == .playing)
    }

    @Test func whenEveryItemFailsThePlayerWaitsBetweenRounds() async {
        // Two items that cannot open, looped: the player waits between rounds, never spins.
        let h = PlayerHarness(urls: ["missing-a", "missing-b"], restart: RestartPolicy.Settings(attempts: 1, jitter: 0))
        h.player.actionAtItemEnd = .advance
        h.player.play()
        #expect(await h.waitUntilQueueEnds())
        let tries = restarts(h.events)
        #expect(tries.count == 2)
        // a: one try, then on; b: one try, then every item has failed: a wait before the end.
        #expect(h.events.filter { $0.name == "failedToPlayToEndTime" }.count == 2)
        // The clock started at 1 s: a try of each (1 s, 1 s), then the wait (1 s) after both failed.
        #expect(h.clock.now().nanoseconds >= 4_000_000_000)
    }
}
