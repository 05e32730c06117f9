import Testing
import Playhead
import PlayheadCore
import PlayheadTestSupport

/// The end of the queue and the sound still in the device: the end is judged on an estimate of
/// what was heard, so the last item's natural end lets the device play out what it holds; a
/// skip at the end throws it away as any other skip does.
@Suite(.timeLimit(.minutes(1))) struct QueueEndSoundTests {
    @Test func theLastItemsEndLetsTheDevicePlayOut() async {
        let clock = VirtualClock()
        let audio = RecordingAudioSink(clock: clock, route: nil)
        let h = PlayerHarness(urls: ["fake-10"], clock: clock, audio: audio)
        h.player.play()
        #expect(await h.waitUntilQueueEnds())
        // Once, when the item started on an empty device; not again at its end.
        #expect(audio.flushes == 1)
    }

    @Test func skippingTheLastItemDropsItsSound() async {
        let clock = VirtualClock()
        let audio = RecordingAudioSink(clock: clock, route: nil)
        let h = PlayerHarness(urls: ["fake-100"], clock: clock, audio: audio)
        h.player.play()
        #expect(await h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        h.player.advanceToNextItem()
        #expect(await h.waitUntilQueueEnds())
        #expect(audio.flushes == 2)
    }
}
