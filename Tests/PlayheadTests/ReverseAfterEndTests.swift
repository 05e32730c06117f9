import Playhead
import PlayheadTestSupport
import Testing

/// An item played to its end, then reversed, then played forward again (found by ItemFuzz):
/// each direction stops at its end, and the time stays inside the item.
@Suite(.timeLimit(.minutes(1))) struct ReverseAfterEndTests {
    static func count(_ name: String, _ events: [PlayerEvent]) -> Int { events.filter { $0.name == name }.count }

    @Test func reverseStopsAtTheStartAndForwardEndsAgain() async {
        let h = PlayerHarness(urls: ["fake-5"])
        h.player.actionAtItemEnd = .pause
        h.player.play()
        #expect(await h.waitFor { Self.count("didPlayToEndTime", $0) == 1 })
        h.player.setRate(PlaybackRate(numerator: -2, denominator: 1))
        // Reverse, then paused by reaching the start: the rate's third change.
        #expect(await h.waitFor { Self.count("rateChanged", $0) >= 4 })
        #expect(h.player.rate == 0)
        let start = h.player.currentTime()
        #expect(start >= .zero && start < MediaTime(value: 1, timescale: 10), "reverse stopped at \(start.seconds) s")
        h.player.play()
        #expect(await h.waitFor { Self.count("didPlayToEndTime", $0) == 2 })
        let end = h.player.currentTime()
        #expect(end <= MediaTime(value: 2, timescale: 10), "forward again stopped at \(end.seconds) s")
    }

    @Test func aSeekAfterTheEndLetsTheItemEndAgain() async {
        let h = PlayerHarness(urls: ["fake-5"])
        h.player.actionAtItemEnd = .pause
        h.player.play()
        #expect(await h.waitFor { Self.count("didPlayToEndTime", $0) == 1 })
        _ = await h.seek(to: .zero, toleranceBefore: .zero, toleranceAfter: .zero)
        h.player.play()
        #expect(await h.waitFor { Self.count("didPlayToEndTime", $0) == 2 })
        #expect(h.player.currentTime() <= MediaTime(value: 2, timescale: 10))
    }
}
