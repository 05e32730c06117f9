import Glibc
import Testing
import Playhead
import PlayheadTestSupport

/// The engine on a virtual clock with a fake source: deterministic frame times.
@Suite(.timeLimit(.minutes(1))) struct PlayerEngineTests {
    let frame = MediaTime(value: 1, timescale: 25)

    @Test func eventsThroughPlayToEnd() async {
        let h = PlayerHarness(urls: ["fake-25"])
        h.player.play()
        #expect(await h.waitUntilQueueEnds())
        let names = h.eventNames.filter { $0 != "rateChanged" }
        #expect(names == ["playerStatusChanged", "itemStatusChanged", "currentItemChanged", "readyForDisplay",
                          "didPlayToEndTime", "currentItemChanged"])
        #expect(h.player.status == .readyToPlay)
        let frames = h.video.frames
        #expect(frames.count == 25)
        #expect(frames.map(\.digest) == (0..<25).map(UInt64.init))
        // On time: each frame due exactly one frame after the previous.
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(b.due - a.due == 40_000_000) }
    }

    @Test func readyForDisplayWaitsForTheDisplayToShowTheFirstFrame() async {
        let h = PlayerHarness(urls: ["fake-25", "fake-25"], displayReports: true)
        h.player.pause()
        h.player.play()
        #expect(await h.waitFor { _ in !h.video.displayTags.isEmpty })
        // Handed over but not yet flipped: not ready for display yet.
        #expect(!h.eventNames.contains("readyForDisplay"))
        h.video.flip()
        #expect(await h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        #expect(h.events.first { $0.name == "readyForDisplay" }?.time == .zero)
        // The second item's first frame is tagged too, and announced once flipped.
        #expect(await h.waitFor { _ in h.video.displayTags.count == 2 })
        h.video.flip()
        #expect(await h.waitFor { $0.filter { $0.name == "readyForDisplay" }.count == 2 })
    }

    @Test func failedOutputFailsThePlayerForGood() async {
        let h = PlayerHarness(urls: ["fake-100"])
        h.player.play()
        #expect(await h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        h.video.fail(PlaybackError(.deviceFailed, "display card0 is gone; check the cable"))
        #expect(await h.waitFor { events in
            events.contains { if case .playerStatusChanged(.failed, let e) = $0.kind { return e?.code == .deviceFailed }; return false }
        })
        #expect(h.player.status == .failed)
        #expect(h.player.error?.message.contains("card0") == true)
        #expect(h.player.rate == 0)
        // A failed player is not revived by play(): the rate stays 0 and no frame follows.
        let shown = h.video.frames.count
        h.player.play()
        #expect(await h.waitFor { _ in h.player.rate != 0 } == false)
        #expect(h.video.frames.count == shown)
    }

    @Test func gaplessTransitionHasNoHole() async {
        // The middle item has no sound: the clock must run on through it without a hole.
        let h = PlayerHarness(urls: ["fake-10", "fake-10-noaudio", "fake-10"])
        h.player.play()
        #expect(await h.waitUntilQueueEnds())
        let frames = h.video.frames
        #expect(frames.count == 30)
        let steps = Set(zip(frames, frames.dropFirst()).map { $0.1.due - $0.0.due })
        #expect(steps == [40_000_000])
        #expect(h.eventNames.filter { $0 == "didPlayToEndTime" }.count == 3)
    }

    /// The closing thread gives way to playback: a join's closing runs while the next item's
    /// first pictures are due.
    @Test func sourcesThatPlayedOutAreClosedBelowTheProcess() {
        let gate = FakeGate()
        let h = PlayerHarness(urls: ["fake-10", "fake-10"], backend: FakeBackend(gate: gate))
        h.player.play()
        #expect(h.run { $0.filter { $0.name == "didPlayToEndTime" }.count == 1 })
        // Shutting down finishes what the closing thread was given.
        h.player.shutdown()
        let process = Int(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
        let nices = gate.closeNices
        #expect(!nices.isEmpty)
        // The first close is the played-out item's, on the closing thread.
        #expect(nices.first == min(19, process + 10), "closes at nice \(nices), the process at \(process)")
    }

    /// Closing a source joins its threads and frees its decoders; at a gapless join the engine
    /// must go on to the next item meanwhile (on the engine's thread, the next item's second
    /// picture missed its vblank on the board).
    @Test func aSourceThatPlayedOutIsClosedWithoutHoldingTheNextItemBack() async {
        let gate = FakeGate()
        gate.holdCloses()
        defer { gate.releaseCloses() }
        // Threaded: what is proven is that the engine's thread goes on while the closing thread
        // is held.
        let h = PlayerHarness(urls: ["fake-10", "fake-10"], backend: FakeBackend(gate: gate), stepped: false)
        h.player.play()
        let moved = await h.waitFor { events in
            events.filter { if case .currentItemChanged = $0.kind, $0.item != nil { return true }; return false }.count >= 2
        }
        #expect(moved)
        // The first item's close had begun and was still held while the second item played
        // (the engine waited on no close: none had returned).
        #expect(gate.closesStarted >= 1)
        #expect(gate.closesFinished == 0)
        gate.releaseCloses()
        #expect(await h.waitUntilQueueEnds())
    }

    /// Its source reads a looped item again once all of it has been pulled: the line holds
    /// more pictures at its end, so that happens a quarter of a second before the end rather
    /// than a tenth (on a busy board the next pass's first pictures came late). Three seconds:
    /// a shorter item is played again from memory (`LoopFromMemoryTests`), not read again.
    @Test func aLoopedItemIsReadAgainAQuarterOfASecondBeforeItsEnd() {
        let gate = FakeGate()
        // Pictures alone: the sound's end is seen as early as the device's buffer allows.
        let h = PlayerHarness(urls: ["fake-75-noaudio"], backend: FakeBackend(gate: gate))
        let player = h.player
        let seenAt = Mutex<[MediaTime]>([])
        gate.watchSeeks { _ in seenAt.withLock { $0.append(player.currentTime()) } }
        h.player.setLooping(true)
        h.player.play()
        #expect(h.run { $0.contains { $0.name == "didPlayToEndTime" } })
        let first = seenAt.withLock { $0.first }
        // 3 s at 25 fps: eight pictures in line reach the end at 2.68 s.
        #expect(first.map { $0 <= MediaTime(value: 272, timescale: 100) } == true, "read again at \(first.map(\.secondsText) ?? "never")")
    }

    @Test func aLoopedItemFollowsItselfWithoutAHole() async {
        // One item looped: each pass reads the same source again from its start and joins the
        // last one as a queue's next item does, instead of closing, flushing the sound and
        // opening (probing) again.
        let clock = VirtualClock()
        let audio = RecordingAudioSink(clock: clock, route: nil)
        let backend = FakeBackend()
        let h = PlayerHarness(urls: ["fake-10"], backend: backend, clock: clock, audio: audio)
        h.player.setLooping(true)
        h.player.play()
        #expect(await h.waitFor { $0.filter { $0.name == "didPlayToEndTime" }.count >= 3 })
        h.player.pause()
        let frames = h.video.frames.prefix(30)
        #expect(frames.count == 30)
        let steps = Set(zip(frames, frames.dropFirst()).map { $0.1.due - $0.0.due })
        #expect(steps == [40_000_000])
        #expect(frames.map(\.digest) == (0..<30).map { UInt64($0 % 10) })
        #expect(backend.probes.count == 1)
        // The sound is thrown away only when the first pass starts (an empty device), and no
        // silence comes between passes.
        #expect(audio.flushes == 1)
        #expect(audio.runs.first.map { [$0.value] } == [0.25])
        #expect(!audio.runs.contains { $0.value == 0 })
    }

    @Test func theNextItemDecodesAheadOfTheJoin() async {
        // Read to its end happens only a few buffers before the end: too late for a small
        // board to decode the next item's start. It starts in the last half of a short item.
        let h = PlayerHarness(urls: ["fake-25", "fake-10"])
        let startedAt = SharedValue<MediaTime?>(nil)
        let player = h.player
        player.onEvent = { event in
            if case .itemStatusChanged(.readyToPlay) = event.kind, event.item?.asset.url == "fake-10" {
                startedAt.update { $0 = $0 ?? player.currentTime() }
            }
        }
        player.play()
        #expect(await h.waitFor { _ in startedAt.get != nil })
        let at = startedAt.get ?? .zero
        // The pass that sees the half comes with the next picture: a frame (40 ms) later at most.
        #expect(at > .zero && at <= MediaTime(value: 54, timescale: 100), "started at \(at.secondsText) of 1 s")
    }

    @Test func aSeekKeepsTheNextItemOpen() async {
        // The next item is opened while the first plays; a seek in the first does not change
        // what follows, so it is not closed and opened again (a network round trip each time).
        let backend = FakeBackend()
        let h = PlayerHarness(urls: ["fake-50", "fake-10"], backend: backend)
        h.player.pause()
        #expect(await h.waitFor { _ in backend.probes.count == 2 })
        #expect(await h.seek(to: MediaTime(value: 1, timescale: 1), toleranceBefore: .zero, toleranceAfter: .zero))
        h.player.play()
        #expect(await h.waitUntilQueueEnds())
        #expect(h.eventNames.filter { $0 == "didPlayToEndTime" }.count == 2)
        #expect(backend.probes.count == 2)
    }

    @Test func exactAndFastSeek() async {
        let h = PlayerHarness(urls: ["fake-100"])
        h.player.pause()
        #expect(await h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        let exact = await h.seek(to: MediaTime(value: 205, timescale: 100), toleranceBefore: .zero, toleranceAfter: .zero)
        #expect(exact)
        #expect(h.player.currentTime() == MediaTime(value: 205, timescale: 100))
        // 2.05 s is in frame 51 ([2.04, 2.08)): the frame shown after the seek.
        #expect(await h.waitFor { _ in h.video.frames.last?.digest == 51 })
        let fast = await h.seek(to: MediaTime(value: 205, timescale: 100))
        #expect(fast)
        // Keyframes every 12 frames: the one at or before frame 51 is frame 48.
        #expect(h.player.currentTime() == MediaTime(value: 48, timescale: 25))
    }

    /// As AVPlayer: from the moment a seek is asked for until it lands, the current time is
    /// its target (an appliance resuming its place read 0 there, and could have saved it).
    @Test func aSeekThatHasNotLandedReadsAsItsTarget() async {
        let gate = FakeGate()
        let h = PlayerHarness(urls: ["fake-100"], backend: FakeBackend(gate: gate))
        h.player.pause()
        #expect(await h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        gate.shut()
        let target = MediaTime(value: 3, timescale: 1)
        let landed = ResultBox()
        h.player.seek(to: target, toleranceBefore: .zero, toleranceAfter: .zero) { landed.add("seek", $0) }
        #expect(h.player.currentTime() == target)
        // Taken up by the engine, still not landed (the source is held).
        #expect(await h.waitFor { _ in false } == false)
        #expect(landed.count == 0)
        #expect(h.player.currentTime() == target)
        gate.open()
        #expect(await h.waitFor { _ in landed.count == 1 })
        #expect(h.player.currentTime() == target)
    }

    @Test func newerSeekOvertakesOlder() async {
        let gate = FakeGate()
        let h = PlayerHarness(urls: ["fake-100"], backend: FakeBackend(gate: gate))
        #expect(await h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        let results = ResultBox()
        // A slow source: the first seek cannot land before the second one comes.
        gate.shut()
        h.player.seek(to: MediaTime(value: 1, timescale: 1)) { results.add("first", $0) }
        h.player.seek(to: MediaTime(value: 2, timescale: 1)) { results.add("second", $0) }
        #expect(await h.waitFor { _ in results.count == 1 })
        gate.open()
        #expect(await h.waitFor { _ in results.count == 2 })
        #expect(results.value("first") == false)
        #expect(results.value("second") == true)
    }

    @Test(arguments: [2.0, 0.5]) func playsAtRate(_ rate: Double) async {
        let h = PlayerHarness(urls: ["fake-20"])
        h.player.rate = rate
        #expect(await h.waitUntilQueueEnds())
        let frames = h.video.frames
        #expect(frames.count == 20)
        let expected = Int64((40_000_000.0 / rate).rounded())
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(b.due - a.due == expected) }
    }

    @Test func playResumesAtTheDefaultRate() async {
        let h = PlayerHarness(urls: ["fake-100"])
        h.player.defaultRate = 2
        h.player.play()
        #expect(await h.waitFor { _ in h.player.rate == 2 })
        h.player.pause()
        #expect(await h.waitFor { _ in h.player.rate == 0 })
        h.player.play()
        #expect(await h.waitFor { _ in h.player.rate == 2 })
        h.player.defaultRate = 0
        #expect(h.player.defaultRate == 1)
    }

    @Test func reversePlaybackShowsFramesBackwards() async {
        let h = PlayerHarness(urls: ["fake-30"])
        #expect(await h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        _ = await h.seek(to: MediaTime(value: 1, timescale: 1), toleranceBefore: .zero, toleranceAfter: .zero)
        #expect(await h.waitFor { _ in h.video.frames.last?.digest == 25 })
        h.player.rate = -1
        #expect(await h.waitFor { _ in h.video.frames.last?.digest == 0 })
        let digests = h.video.frames.map(\.digest)
        let from = digests.firstIndex(of: 25) ?? 0
        // Each frame once, the one on screen when reversing included: no repeats.
        #expect(Array(digests[from...]) == (0...25).reversed().map(UInt64.init))
    }

    @Test func disablingVideoWhilePlaying() async {
        let h = PlayerHarness(urls: ["fake-50"])
        #expect(await h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        h.player.currentItem?.tracks.first { $0.mediaType == .video }?.isEnabled = false
        h.player.play()
        #expect(await h.waitUntilQueueEnds())
        // Only the first frame, shown before playing; the audio played on to the end.
        #expect(h.video.frames.count == 1)
        #expect(h.eventNames.contains("didPlayToEndTime"))
    }

    @Test func replaceCurrentItem() async {
        let h = PlayerHarness(urls: ["fake-500"])
        #expect(await h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        let replacement = PlayerItem(asset: Asset(url: "fake-5", backend: FakeBackend()))
        h.player.replaceCurrentItem(with: replacement)
        h.player.play()
        #expect(await h.waitUntilQueueEnds())
        let ended = h.events.filter { $0.name == "didPlayToEndTime" }
        #expect(ended.count == 1 && ended.first?.item === replacement)
    }

    @Test
    func failuresAreAnnouncedAndTheQueueMovesOn() async {
        let h = PlayerHarness(urls: ["missing.mp4", "fake-50-fail20", "fake-5"])
        h.player.play()
        #expect(await h.waitUntilQueueEnds())
        let failed = h.events.compactMap { e -> String? in
            if case .failedToPlayToEndTime(let error) = e.kind { return error.message }
            return nil
        }
        #expect(failed.count == 2)
        #expect(failed.first?.contains("missing.mp4") == true)
        #expect(h.player.items().isEmpty)
        #expect(h.eventNames.filter { $0 == "didPlayToEndTime" }.count == 1)
    }

    @Test func queueEditing() async {
        let h = PlayerHarness(urls: ["fake-500"])
        let a = PlayerItem(asset: Asset(url: "fake-5", backend: FakeBackend()))
        let b = PlayerItem(asset: Asset(url: "fake-5", backend: FakeBackend()))
        h.player.insert(b, after: nil)
        h.player.insert(a, after: b)
        #expect(await h.waitFor { _ in h.player.items().count == 3 })
        #expect(h.player.items()[1] === b && h.player.items()[2] === a)
        #expect(!h.player.canInsert(a, after: nil))
        h.player.remove(a)
        #expect(await h.waitFor { _ in h.player.items().count == 2 })
        #expect(h.player.items().count == 2)
        h.player.advanceToNextItem()
        #expect(await h.waitFor { _ in h.player.currentItem === b })
        h.player.removeAllItems()
        #expect(await h.waitFor { _ in h.player.items().isEmpty })
    }
}

final class ResultBox: @unchecked Sendable {
    private let lock = NSLockish()
    private var values: [String: Bool] = [:]
    func add(_ k: String, _ v: Bool) { lock.run { values[k] = v } }
    func value(_ k: String) -> Bool? { lock.run { values[k] } }
    var count: Int { lock.run { values.count } }
}

import Synchronization
final class NSLockish: Sendable {
    private let m = Mutex(())
    func run<T>(_ body: () -> T) -> T { m.withLock { _ in body() } }
}
