import Playhead
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
    }

    @Test func aStallLongerThanTheLimitFailsTheItemWhichIsTriedAgain() async {
        // On the real clock (stalls are not measured on a virtual one): the source holds at 1 s.
        let gate = FakeGate()
        gate.hold(from: MediaTime(seconds: 1, preferredTimescale: 1000))
        let backend = FakeBackend(gate: gate)
        var env = PlaybackEnvironment(backend: backend, videoSink: RecordingVideoSink(), audioSink: NullAudioSink(clock: MonotonicClock()),
                                      clock: MonotonicClock())
        env.restart = RestartPolicy.Settings(attempts: 1, firstDelayMs: 200)
        env.stallLimitNanoseconds = 500_000_000
        let player = QueuePlayer(environment: env, items: [])
        let log = EventRecorder()
        player.onEvent = { log.add($0) }
        player.insertAll([PlayerItem(asset: Asset(url: "fake-100", backend: backend)), PlayerItem(asset: Asset(url: "fake-10", backend: backend))])
        player.play()
        defer { player.shutdown() }
        let ended = await log.waitFor(seconds: 30) { $0.contains { $0.name == "currentItemChanged" && $0.item == nil } }
        #expect(ended)
        let events = log.all
        #expect(events.contains { $0.name == "playbackStalled" })
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

/// The events of a player on the real clock, waited for as they come (SharedValue.wait).
final class EventRecorder: Sendable {
    private let events = SharedValue<[PlayerEvent]>([])
    func add(_ e: PlayerEvent) { events.update { $0.append(e) } }
    var all: [PlayerEvent] { events.get }
    func waitFor(seconds: Double, _ condition: ([PlayerEvent]) -> Bool) async -> Bool {
        await events.wait(within: .milliseconds(Int(seconds * 1000)), until: condition)
    }
}
