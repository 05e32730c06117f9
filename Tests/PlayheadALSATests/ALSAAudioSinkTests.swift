import SystemPackage
import Testing
import PlayheadALSA
import PlayheadCore
import PlayheadTestSupport

/// The sink's bookkeeping against a fake device: what goes in comes out once, in order, across
/// underruns, pauses without hardware support, a vanished device and a move to another.
/// The sink writes on a real thread of its own, which these tests do not step: they wait for
/// its calls to the device (FakePCM.waitUntil) or for what it reports, never for a time.
@Suite(.timeLimit(.minutes(1))) struct ALSAAudioSinkTests {
    /// A ramp of distinct samples, so order and completeness can be checked.
    func ramp(_ range: Range<Int>) -> [Float] { range.map { Float($0) } }

    func sink(_ pcm: FakePCM, others: [String: FakePCM] = [:], clock: VirtualClock = VirtualClock()) -> ALSAAudioSink {
        ALSAAudioSink(route: AudioRoute(device: pcm.name, name: pcm.name, card: pcm.name), device: pcm, clock: clock) { (name: String) throws(ALSAError) -> any PCMOutput in
            guard let d = others[name] else { throw ALSAError(operation: "open", device: name, errno: .operationNotSupportedByDevice) }
            return d
        }
    }

    /// Until the audio thread has caught up with the device: it wrote what it could of what the
    /// sink took, and measured what was played.
    func caughtUp(_ s: ALSAAudioSink, _ pcm: FakePCM) async -> Bool {
        await pcm.waitUntil {
            let (queued, written, played) = pcm.state.withLock { ($0.queued, $0.written.count, $0.played.count) }
            return (queued == pcm.bufferFrames || Int64(written) == s.writtenFrames()) && s.playedFrames() == Int64(played)
        }
    }

    @Test func everySampleReachesTheDeviceOnceAndInOrder() async {
        let pcm = FakePCM()
        let s = sink(pcm)
        defer { s.close() }
        #expect(s.format == AudioFormat(sampleRate: 48_000, channels: 1))
        var sent = 0
        let all = ramp(0..<3000)
        // The device plays a little at a time; the audio thread catches up after each.
        while pcm.state.withLock({ $0.written.count }) < all.count {
            sent += s.write(all[sent...])
            pcm.step(frames: 100)
            guard await caughtUp(s, pcm) else { break }
        }
        #expect(pcm.state.withLock { $0.written.count } == all.count, "\(sent) sent")
        pcm.step(frames: 480)
        #expect(pcm.state.withLock { $0.played == all })
        #expect(await pcm.waitUntil { s.playedFrames() == 3000 })
    }

    /// The estimate of what was heard runs on between the device's reports; a drain must still
    /// wait for the device itself, or the last sound of the queue is cut off.
    @Test func drainWaitsForTheDeviceNotTheEstimate() async {
        let pcm = FakePCM()
        let clock = VirtualClock()
        let s = sink(pcm, clock: clock)
        defer { s.close() }
        _ = s.write(ramp(0..<300)[...])
        #expect(await caughtUp(s, pcm))
        // A second later by the estimate, all was heard; the device still holds all of it and
        // plays 30 frames each time it is asked.
        clock.advance(byNanoseconds: 1_000_000_000)
        #expect(s.playedFrames() == 300)
        pcm.state.withLock { $0.playsWhenAsked = 30 }
        s.drain()
        #expect(pcm.state.withLock { $0.queued } == 0)
        #expect(pcm.state.withLock { $0.played == ramp(0..<300) })
    }

    /// 300 frames written to a device under its start threshold, which plays nothing until
    /// started (and then 30 frames each time it is asked).
    func sinkHoldingAShortSound() -> (FakePCM, ALSAAudioSink) {
        let pcm = FakePCM()
        let clock = VirtualClock()
        pcm.state.withLock { $0.playsWhenAsked = 30; $0.waitsForStart = clock }
        let s = sink(pcm, clock: clock)
        _ = s.write(ramp(0..<300)[...])
        return (pcm, s)
    }

    /// A drain (the queue's end, shutdown) waits for the started device to play it out.
    @Test func aLastSoundTooShortToStartTheDeviceIsPlayedOutByTheDrain() async {
        let (pcm, s) = sinkHoldingAShortSound()
        defer { s.close() }
        #expect(await pcm.waitUntil { pcm.state.withLock { $0.written.count } == 300 })
        s.drain()
        #expect(pcm.state.withLock { $0.starts } == 1)
        #expect(pcm.state.withLock { $0.played == ramp(0..<300) })
    }

    /// The engine ends an item when the played position reaches what it wrote, with no drain.
    @Test func aSoundTooShortToStartTheDeviceIsStartedOnceNothingMoreComes() async {
        let (pcm, s) = sinkHoldingAShortSound()
        defer { s.close() }
        #expect(await pcm.waitUntil { s.playedFrames() == 300 })
        #expect(pcm.state.withLock { $0.starts } == 1)
        #expect(pcm.state.withLock { $0.played == ramp(0..<300) })
    }

    @Test func underrunsRecoverAndAreCounted() async {
        let pcm = FakePCM()
        let s = sink(pcm)
        defer { s.close() }
        _ = s.write(ramp(0..<200)[...])
        #expect(await pcm.waitUntil { pcm.state.withLock { $0.written.count } == 200 })
        pcm.fail(next: .underrun)
        _ = s.write(ramp(200..<400)[...])
        #expect(await pcm.waitUntil { s.statistics.underruns == 1 && pcm.state.withLock { $0.prepares } >= 1 })
        #expect(await pcm.waitUntil { pcm.state.withLock { $0.written.count } == 400 })
    }

    /// A sink that has written 200 frames, with the interruptions it reports recorded.
    func playingSinkHearingInterruptions() async -> (FakePCM, ALSAAudioSink, SharedValue<[Bool]>) {
        let pcm = FakePCM()
        let s = sink(pcm)
        let told = SharedValue<[Bool]>([])
        s.setInterruptionHandler { began in told.update { $0.append(began) } }
        _ = s.write(ramp(0..<200)[...])
        #expect(await pcm.waitUntil { pcm.state.withLock { $0.written.count } == 200 })
        return (pcm, s, told)
    }

    @Test func aResumedSuspendPlaysNothingTwice() async {
        let (pcm, s, told) = await playingSinkHearingInterruptions()
        defer { s.close() }
        pcm.fail(next: .suspended)
        _ = s.write(ramp(200..<400)[...])
        #expect(await pcm.waitUntil { s.statistics.suspends == 1 && pcm.state.withLock { $0.written.count } == 400 })
        // The engine heard of it: an interruption that began and, with the device back, ended.
        #expect(told.get == [true, false])
        pcm.step(frames: 400)
        // The device kept its buffer through the suspend: each sample once, in order.
        #expect(pcm.state.withLock { $0.played == ramp(0..<400) })
        #expect(pcm.state.withLock { $0.written.count } == 400)
    }

    @Test func aSlowResumeDoesNotHoldTheEngineUp() async {
        let (pcm, s, told) = await playingSinkHearingInterruptions()
        defer { s.close() }
        pcm.state.withLock { $0.resumeWouldBlock = true }
        pcm.fail(next: .suspended)
        _ = s.write(ramp(200..<300)[...])
        #expect(await pcm.waitUntil { pcm.state.withLock { $0.resumeTries } >= 3 })
        // The engine's calls go through while the device is still waking: the sink's lock is
        // not held across the wait (it was, for up to a second).
        _ = s.playedFrames()
        _ = s.write(ramp(300..<400)[...])
        #expect(told.get == [true])
        pcm.state.withLock { $0.resumeWouldBlock = false }
        #expect(await told.wait { $0 == [true, false] })
        #expect(await pcm.waitUntil { pcm.state.withLock { $0.written.count } == 400 })
        pcm.step(frames: 400)
        #expect(pcm.state.withLock { $0.played == ramp(0..<400) })
    }

    @Test func pauseWithoutHardwareSupportLosesNothing() async {
        let pcm = FakePCM(canPause: false)
        let s = sink(pcm)
        defer { s.close() }
        _ = s.write(ramp(0..<400)[...])
        #expect(await pcm.waitUntil { pcm.state.withLock { $0.written.count } == 400 })
        pcm.step(frames: 150)
        #expect(await pcm.waitUntil { s.playedFrames() == 150 })
        s.pause()
        #expect(pcm.state.withLock { $0.drops } == 1)
        #expect(s.playedFrames() == 150)
        s.resume()
        #expect(await pcm.waitUntil { pcm.state.withLock { $0.queued } == 250 })
        pcm.step(frames: 250)
        #expect(pcm.state.withLock { $0.played == ramp(0..<400) })
    }

    @Test func aVanishedDeviceIsReportedAndAMoveReplaysWhatWasNotHeard() async {
        let pcm = FakePCM(name: "usb")
        let hdmi = FakePCM(name: "hdmi")
        let s = sink(pcm, others: ["hdmi": hdmi])
        defer { s.close() }
        let lost = SharedValue<[String]>([])
        s.onDeviceLost = { name in lost.update { $0.append(name) } }
        _ = s.write(ramp(0..<300)[...])
        #expect(await pcm.waitUntil { pcm.state.withLock { $0.written.count } == 300 })
        pcm.step(frames: 100)
        #expect(await pcm.waitUntil { s.playedFrames() == 100 })
        pcm.fail(next: .gone)
        _ = s.write(ramp(300..<350)[...])
        // Lost, the audio thread calls the device no more: wait for the report itself.
        #expect(await lost.wait { $0 == ["usb"] })
        #expect(s.statistics.lost == 1)
        #expect(s.playedFrames() == 100)
        try? s.move(to: AudioRoute(device: "hdmi", name: "HDMI", card: "hdmi"))
        #expect(s.currentRoute?.name == "HDMI")
        #expect(await hdmi.waitUntil { hdmi.state.withLock { $0.written.count } == 250 })
        hdmi.step(frames: 250)
        #expect(hdmi.state.withLock { $0.played == ramp(100..<350) })
        #expect(await hdmi.waitUntil { s.playedFrames() == 350 })
        #expect(s.writtenFrames() == 350)
    }

    @Test func aMoveToAMissingDeviceSaysWhichAndKeepsTheRoute() {
        let pcm = FakePCM(name: "usb")
        let s = sink(pcm)
        defer { s.close() }
        #expect(throws: PlaybackError.self) { try s.move(to: AudioRoute(device: "hw:7", name: "USB", card: "7")) }
        #expect(s.currentRoute?.device == "usb")
    }
}
