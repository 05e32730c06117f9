import Testing
import Playhead
import PlayheadTestSupport

/// Sound at rates from 0.5 to 2 through a stretcher (a fake one: exact lengths, no pitch), on a
/// virtual clock. fake-100 is 4 s of picture and of sound (192000 frames at 48 kHz).
@Suite(.timeLimit(.minutes(1))) struct PlayerTimeStretchTests {
    let itemFrames: Int64 = 192_000
    let second: Int64 = 1_000_000_000

    struct Rig {
        let clock = VirtualClock()
        let sink: RecordingAudioSink
        let stretcher = FakeTimeStretcher()
        let gate = FakeGate()
        let h: PlayerHarness

        init(deviceRate: Int? = nil) {
            sink = RecordingAudioSink(clock: clock, route: nil, deviceRate: deviceRate)
            h = PlayerHarness(urls: ["fake-100"], backend: FakeBackend(gate: gate), clock: clock, audio: sink,
                              timeStretcher: stretcher.factory)
        }
    }

    /// A device on time, and one whose crystal is 2 % slow: the clock follows the frames it
    /// really plays, so with the slow one the item takes 48/47 as long.
    @Test(arguments: [48_000, 47_000]) func rateTwoPlaysStretchedSoundAndEndsInHalfTheTime(_ deviceRate: Int) async {
        let r = Rig(deviceRate: deviceRate)
        let start = r.clock.now()
        r.h.player.rate = 2
        #expect(await r.h.waitUntilQueueEnds())
        // Every frame of the item went into the stretcher once, and all that came out, the
        // window's tail included, reached the device before the item ended.
        #expect(r.stretcher.framesFed == itemFrames)
        #expect(r.sink.framesRecorded == Int(itemFrames / 2))
        #expect(r.sink.runs.allSatisfy { $0.value == 0.25 }, "silence or a gain step in the sound")
        // 96000 device frames: 2 s on time, 96000/47000 s on the slow device.
        let expected = 96_000 * second / Int64(deviceRate)
        let elapsed = r.clock.now() - start
        #expect(abs(elapsed - expected) < 10_000_000, "ended after \(elapsed) ns, expected \(expected)")
        let frames = r.h.video.frames
        #expect(frames.count == 100)
        if deviceRate == 48_000 {
            for (a, b) in zip(frames, frames.dropFirst()) { #expect(b.due - a.due == 20_000_000) }
        }
        #expect(!r.h.eventNames.contains("newErrorLogEntry"))
    }

    @Test func rateOneNeverGoesThroughTheStretcher() async {
        let r = Rig()
        r.h.player.play()
        #expect(await r.h.waitUntilQueueEnds())
        #expect(r.stretcher.framesFed == 0)
        #expect(r.stretcher.resets.isEmpty)
        #expect(r.sink.framesRecorded == Int(itemFrames))
        #expect(r.sink.runs.map(\.value) == [0.25])
    }

    @Test(arguments: [3.0, -1.0]) func otherRatesStayMuted(_ rate: Double) async {
        let r = Rig()
        #expect(await r.h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        if rate < 0 {
            _ = await r.h.seek(to: MediaTime(value: 2, timescale: 1), toleranceBefore: .zero, toleranceAfter: .zero)
        }
        r.h.player.rate = rate
        #expect(await r.h.waitFor { _ in r.h.player.rate == 0 || r.h.eventNames.contains("didPlayToEndTime") })
        #expect(r.stretcher.framesFed == 0)
        #expect(r.sink.framesRecorded == 0)
    }

    /// Playback waits at 2 s (the source holds there) at `from`; the rate becomes `to`; then the
    /// rest plays. The sound resumes from the very sample the clock stood at, at the new rate.
    @Test(arguments: [(1.0, 2.0), (2.0, 1.0), (2.0, 0.5), (0.5, 2.0)])
    func rateChangeReplaysFromThePresentWithoutAJump(_ from: Double, _ to: Double) async {
        let r = Rig()
        r.gate.hold(from: MediaTime(value: 2, timescale: 1))
        r.h.player.rate = from
        // The clock stops short of 2 s with sound for `from` in the device, unplayed.
        #expect(await r.h.waitFor { _ in r.h.video.frames.count >= 45 })
        // Settled: stepped until neither the clock nor the device can move any more.
        r.h.run(until: { _ in false }, virtualSeconds: 10)
        let m0 = r.h.player.currentTime(), c0 = r.clock.now()
        let written0 = r.sink.framesRecorded, fed0 = r.stretcher.framesFed
        #expect(m0 > MediaTime(value: 17, timescale: 10) && m0 < MediaTime(value: 2, timescale: 1), "\(m0)")
        #expect(r.sink.writtenFrames() > r.sink.playedFrames())

        r.h.player.rate = to
        #expect(await r.h.waitFor { _ in r.h.eventNames.filter { $0 == "rateChanged" }.count >= 2 })
        // No jump: the change happened where the clock stood. (It may move on before the
        // source opens, through the sound already decoded, as playback does.)
        #expect(r.h.events.last { $0.name == "rateChanged" }?.time == m0)
        r.gate.open()
        #expect(await r.h.waitUntilQueueEnds())

        // The sound from m0 on is the item's, not silence standing in for sound dropped.
        #expect(r.sink.runs.allSatisfy { $0.value == 0.25 }, "silence in the sound")
        // From m0 to the end, once: 4 s - m0 of sound, at the new rate's length.
        let rest = MediaTime(value: 4, timescale: 1) - m0
        let restFrames = rest.converted(to: 48_000).value
        let writtenAfter = Int64(r.sink.framesRecorded - written0)
        let rate = PlaybackRate(to)
        if rate.isNormal {
            #expect(r.stretcher.framesFed == fed0)
            #expect(abs(writtenAfter - restFrames) <= 2, "\(writtenAfter) frames for \(restFrames)")
        } else {
            let fed = r.stretcher.framesFed - fed0
            #expect(abs(fed - restFrames) <= 2, "fed \(fed) frames for \(restFrames)")
            let expected = restFrames * rate.denominator / rate.numerator
            #expect(abs(writtenAfter - expected) <= 2, "\(writtenAfter) frames for \(expected)")
            #expect(r.stretcher.resets.last == rate)
        }
        let elapsed = r.clock.now() - c0
        let expected = rest.multiplied(by: rate.denominator, over: rate.numerator).nanoseconds
        #expect(abs(elapsed - expected) < 10_000_000, "rest took \(elapsed) ns, expected \(expected)")
        // The picture after the change runs at the new rate from where it stood.
        let after = r.h.video.frames.filter { $0.pts > m0 }
        let step = Int64((40_000_000.0 / to).rounded())
        for (a, b) in zip(after, after.dropFirst()) { #expect(b.due - a.due == step) }
        if let first = after.first {
            let due = c0 + (first.pts - m0).multiplied(by: rate.denominator, over: rate.numerator).nanoseconds
            #expect(abs(first.due - due) < 2_000_000, "first frame after the change due \(first.due - c0) ns in")
        }
    }
}
