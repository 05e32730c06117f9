import Testing
import Playhead
import PlayheadTestSupport

/// An item whose open never comes back (a FIFO, a device that stopped answering) fails within
/// its bound, and the queue plays on; shutting down never waits for it.
@Suite(.timeLimit(.minutes(1))) struct PlayerOpenBoundTests {
    @Test func anOpenThatNeverReturnsFailsItsItemAndTheQueueGoesOn() async {
        let backend = HangingBackend(hanging: "hang")
        defer { backend.release() }
        // The bound is three network timeouts, at least a second.
        // Threaded: the open that hangs needs a thread of its own, and its bound is real time.
        let h = PlayerHarness(urls: ["hang", "fake-5"], backend: backend,
                              sourceOptions: SourceOptions(networkTimeoutNanoseconds: 100_000_000), stepped: false)
        h.player.play()
        #expect(await h.waitUntilQueueEnds())
        let failed = h.events.first { $0.name == "failedToPlayToEndTime" }?.item
        #expect(failed?.asset.url == "hang")
        #expect(failed?.error?.code == .timedOut)
        #expect(h.video.frames.count == 5)
    }

    @Test func shuttingDownLeavesAStuckOpenBehind() async {
        let backend = HangingBackend(hanging: "hang")
        defer { backend.release() }
        let h = PlayerHarness(urls: ["hang"], backend: backend, stepped: false)
        h.player.play()
        backend.waitUntilProbing()
        // Were it joined, this would wait for ever: the open is let go only after it returns
        // (the suite's time limit fails the test then).
        h.player.shutdown()
    }
}
