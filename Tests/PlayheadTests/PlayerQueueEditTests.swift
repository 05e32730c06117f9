import Playhead
import PlayheadTestSupport
import Testing

/// The console edits the playlist while it plays: the item that plays must not restart when it
/// stays first, and the queue must never pass through empty (that ends the player).
@Suite(.timeLimit(.minutes(1))) struct PlayerQueueEditTests {
    func changes(_ h: PlayerHarness) -> [String] {
        h.events.compactMap { e in
            guard case .currentItemChanged = e.kind else { return nil }
            return e.item?.asset.url ?? "none"
        }
    }

    /// a (50 frames) waits before its 10th frame (9 are shown) until the gate opens, so the edit lands mid-item
    /// however fast the virtual clock runs.
    func held() -> (FakeGate, PlayerItem) {
        let gate = FakeGate()
        gate.hold(from: MediaTime(value: 10, timescale: 25))
        return (gate, PlayerItem(asset: Asset(url: "fake-50", backend: FakeBackend(gate: gate))))
    }

    @Test func theCurrentItemGoesOnWhenItStaysFirst() async {
        let backend = FakeBackend()
        let h = PlayerHarness(urls: [], backend: backend)
        let (gate, a) = held()
        let b = PlayerItem(asset: Asset(url: "fake-5", backend: backend))
        let c = PlayerItem(asset: Asset(url: "fake-7", backend: backend))
        h.player.replaceQueue(with: [a, b])
        h.player.play()
        #expect(await h.waitFor { _ in h.video.frames.count >= 9 })
        h.player.replaceQueue(with: [a, c])
        gate.open()
        #expect(await h.waitUntilQueueEnds())
        #expect(changes(h) == ["fake-50", "fake-7", "none"])
        // Every frame of a once, then c's: a was not started again.
        #expect(h.video.frames.count == 57)
    }

    @Test func aNewFirstItemReplacesTheCurrentOneWithoutEndingThePlayer() async {
        let backend = FakeBackend()
        let h = PlayerHarness(urls: [], backend: backend)
        let (_, a) = held()
        let c = PlayerItem(asset: Asset(url: "fake-7", backend: backend))
        h.player.replaceQueue(with: [a])
        h.player.play()
        #expect(await h.waitFor { _ in h.video.frames.count >= 9 })
        let before = h.video.frames.count
        h.player.replaceQueue(with: [c])
        #expect(await h.waitUntilQueueEnds())
        #expect(changes(h) == ["fake-50", "fake-7", "none"])
        #expect(h.video.frames.count == before + 7)
    }

    @Test func anItemPutRightAfterThePlayingOneComesNext() async {
        // The item that was next is opened and decoding ahead while the playing one ends; an
        // item inserted right after the playing one must still come first.
        let backend = FakeBackend()
        let h = PlayerHarness(urls: [], backend: backend)
        let gate = FakeGate()
        gate.hold(from: MediaTime(value: 8, timescale: 5))
        let a = PlayerItem(asset: Asset(url: "fake-50", backend: FakeBackend(gate: gate)))
        let b = PlayerItem(asset: Asset(url: "fake-5", backend: backend))
        let c = PlayerItem(asset: Asset(url: "fake-7", backend: backend))
        h.player.replaceQueue(with: [a, b])
        h.player.play()
        #expect(await h.waitFor { events in
            events.contains { if case .itemStatusChanged(.readyToPlay) = $0.kind { return $0.item == b }; return false }
        })
        h.player.insert(c, after: a)
        gate.open()
        #expect(await h.waitUntilQueueEnds())
        #expect(changes(h) == ["fake-50", "fake-7", "fake-5", "none"])
    }
}
