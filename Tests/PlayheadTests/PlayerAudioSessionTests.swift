import Testing
@_spi(Testing) import Playhead
import PlayheadTestSupport

/// Route changes and interruptions through the public API, on a virtual clock with a fake
/// monitor and a recording sink that can move.
@Suite(.timeLimit(.minutes(1))) struct PlayerAudioSessionTests {
    static let hdmi = AudioRoute(device: "hw:CARD=HDMI,DEV=3", name: "HDMI", card: "HDMI")
    static let phones = AudioRoute(device: "hw:CARD=PCH,DEV=0", name: "Headphones", card: "PCH")
    static let usb = AudioRoute(device: "hw:CARD=Dongle,DEV=0", name: "USB", card: "Dongle")
    /// Long enough that a virtual clock running flat out does not reach its end during a test.
    static let long = "fake-100000"

    struct Rig {
        let h: PlayerHarness
        let sink: RecordingAudioSink
        let monitor: FakeRouteMonitor
    }

    func rig(current: AudioRoute = phones, routes: [AudioRoute] = [hdmi, phones],
             preferences: [String] = ["USB", "Headphones", "HDMI"]) -> Rig {
        let clock = VirtualClock()
        let sink = RecordingAudioSink(clock: clock, route: current)
        let monitor = FakeRouteMonitor(routes: routes)
        let h = PlayerHarness(urls: [Self.long], clock: clock, audio: sink, routeMonitor: monitor,
                              routePreferences: preferences)
        return Rig(h: h, sink: sink, monitor: monitor)
    }

    /// Plays until half a second of media has gone by.
    func playing(_ h: PlayerHarness) async -> Bool {
        h.player.play()
        return await h.waitFor { _ in h.player.currentTime() > MediaTime(value: 1, timescale: 2) }
    }

    func routeChanges(_ h: PlayerHarness) -> [AudioRouteChange] {
        h.events.compactMap { if case .routeChanged(let c) = $0.kind { return c }; return nil }
    }

    func rates(_ h: PlayerHarness) -> [Double] {
        h.events.compactMap { if case .rateChanged(let r) = $0.kind { return r }; return nil }
    }

    // MARK: Routes

    @Test func headphonesPulledWhilePlayingPauses() async {
        let r = rig()
        #expect(await playing(r.h))
        r.monitor.send(.jack(card: "PCH", control: "Headphone Jack", plugged: false))
        #expect(await r.h.waitFor { _ in !routeChanges(r.h).isEmpty })
        #expect(routeChanges(r.h) == [AudioRouteChange(reason: .oldDeviceUnavailable, previous: Self.phones, current: Self.hdmi)])
        #expect(r.h.player.rate == 0)
        // Paused through the normal path: listeners see the rate change.
        #expect(rates(r.h).last == 0)
        #expect(r.sink.moves == [Self.hdmi])
        // The pause comes before the announcement, so that handlers see a paused player.
        let names = r.h.eventNames
        #expect((names.lastIndex(of: "rateChanged") ?? .max) < (names.firstIndex(of: "routeChanged") ?? -1))
    }

    @Test func preferredCardAppearingMovesAndKeepsPlaying() async {
        let r = rig()
        #expect(await playing(r.h))
        let before = r.h.player.currentTime()
        let jumpsBefore = r.h.eventNames.filter { $0 == "timeJumped" }.count
        r.monitor.send(.appeared(Self.usb))
        #expect(await r.h.waitFor { _ in !routeChanges(r.h).isEmpty })
        #expect(routeChanges(r.h) == [AudioRouteChange(reason: .newDeviceAvailable, previous: Self.phones, current: Self.usb)])
        #expect(r.sink.moves == [Self.usb])
        #expect(r.h.player.rate == 1)
        // Media time carries on from where it was: no jump back, no seek.
        let after = r.h.player.currentTime()
        #expect(after >= before)
        #expect(await r.h.waitFor { _ in r.h.player.currentTime() > after + MediaTime(value: 1, timescale: 2) })
        #expect(r.h.eventNames.filter { $0 == "timeJumped" }.count == jumpsBefore)
        #expect(!rates(r.h).contains(0))
    }

    @Test func lessPreferredCardAppearingIsOnlyAnnounced() async {
        let r = rig(routes: [Self.phones])
        #expect(await playing(r.h))
        r.monitor.send(.appeared(Self.hdmi))
        #expect(await r.h.waitFor { _ in !routeChanges(r.h).isEmpty })
        #expect(routeChanges(r.h) == [AudioRouteChange(reason: .newDeviceAvailable, previous: Self.phones, current: Self.phones)])
        #expect(r.sink.moves.isEmpty)
        #expect(r.h.player.rate == 1)
    }

    @Test func failedMoveIsLoggedAndTheOldRouteKept() async {
        let r = rig()
        r.sink.failMoves(toCard: "Dongle")
        #expect(await playing(r.h))
        r.monitor.send(.appeared(Self.usb))
        #expect(await r.h.waitFor { _ in !routeChanges(r.h).isEmpty })
        #expect(r.h.eventNames.contains("newErrorLogEntry"))
        // Announced as it turned out: still on the headphones, still playing.
        #expect(routeChanges(r.h).last?.current == Self.phones)
        #expect(r.sink.currentRoute == Self.phones)
        #expect(r.h.player.rate == 1)
    }

    @Test func noRouteLeftPausesWithoutCrashing() async {
        let r = rig()
        r.sink.failMoves(toCard: "HDMI")
        #expect(await playing(r.h))
        r.monitor.send(.disappeared(card: "PCH"))
        #expect(await r.h.waitFor { _ in !routeChanges(r.h).isEmpty })
        #expect(routeChanges(r.h) == [AudioRouteChange(reason: .oldDeviceUnavailable, previous: Self.phones, current: nil)])
        #expect(r.h.eventNames.contains("newErrorLogEntry"))
        #expect(r.h.player.rate == 0)
        #expect(r.h.player.status == .readyToPlay)
    }

    @Test func overrideMovesToTheChosenRoute() async {
        let r = rig()
        #expect(await playing(r.h))
        r.h.player.overrideOutputRoute(to: Self.hdmi)
        #expect(await r.h.waitFor { _ in !routeChanges(r.h).isEmpty })
        #expect(routeChanges(r.h) == [AudioRouteChange(reason: .override, previous: Self.phones, current: Self.hdmi)])
        #expect(r.sink.moves == [Self.hdmi])
        #expect(r.h.player.rate == 1)
    }

    @Test func monitorStopsWithThePlayer() async {
        let clock = VirtualClock()
        let monitor = FakeRouteMonitor(routes: [Self.phones])
        do {
            var env = PlaybackEnvironment(backend: FakeBackend(), videoSink: RecordingVideoSink(),
                                          audioSink: RecordingAudioSink(clock: clock, route: Self.phones), clock: clock,
                                          routeMonitor: monitor)
            env.stepped = true
            let player = Player(environment: env)
            _ = player.step()
            #expect(monitor.isStarted)
        }
        #expect(monitor.isStopped)
    }

    @Test func sinkThatCannotMoveIgnoresTheMonitor() async {
        let monitor = FakeRouteMonitor(routes: [Self.phones])
        let h = PlayerHarness(urls: [Self.long], routeMonitor: monitor)
        #expect(await playing(h))
        #expect(!monitor.isStarted)
    }

    // MARK: Interruptions

    @Test func interruptionPausesAndResumes() async {
        let r = rig()
        #expect(await playing(r.h))
        r.h.player.beginInterruption()
        #expect(await r.h.waitFor { $0.contains { if case .interruptionBegan(ducking: false) = $0.kind { return true }; return false } })
        #expect(r.h.player.rate == 0)
        #expect(rates(r.h).last == 0)
        let paused = r.h.player.currentTime()
        r.h.player.endInterruption(shouldResume: true)
        #expect(await r.h.waitFor { $0.contains { if case .interruptionEnded(shouldResume: true) = $0.kind { return true }; return false } })
        #expect(r.h.player.rate == 1)
        #expect(await r.h.waitFor { _ in r.h.player.currentTime() > paused })
    }

    @Test func aBusyDeviceInterruptsUntilItIsFree() async {
        let r = rig()
        r.sink.setBusy(card: "Dongle", true)
        #expect(await playing(r.h))
        r.monitor.send(.appeared(Self.usb))
        #expect(await r.h.waitFor { $0.contains { if case .interruptionBegan(ducking: false) = $0.kind { return true }; return false } })
        #expect(r.h.player.rate == 0)
        #expect(r.h.eventNames.contains("newErrorLogEntry"))
        #expect(r.sink.moves.isEmpty)
        // Still busy a while later: still waiting, no second interruption.
        #expect(await r.h.waitFor { _ in r.h.eventNames.contains("interruptionEnded") } == false)
        r.sink.setBusy(card: "Dongle", false)
        #expect(await r.h.waitFor { $0.contains { if case .interruptionEnded(shouldResume: true) = $0.kind { return true }; return false } })
        #expect(r.sink.moves == [Self.usb])
        #expect(r.h.player.rate == 1)
        #expect(r.h.eventNames.filter { $0 == "interruptionBegan" }.count == 1)
    }

    @Test func aBusyDeviceThatGoesAwayEndsTheWaitWithoutResuming() async {
        let r = rig()
        r.sink.setBusy(card: "Dongle", true)
        #expect(await playing(r.h))
        r.monitor.send(.appeared(Self.usb))
        #expect(await r.h.waitFor { _ in r.h.player.rate == 0 })
        r.monitor.send(.disappeared(card: "Dongle"))
        #expect(await r.h.waitFor { $0.contains { if case .interruptionEnded(shouldResume: false) = $0.kind { return true }; return false } })
        #expect(r.sink.moves == [Self.phones])
        #expect(r.h.player.rate == 0)
    }

    @Test func aSuspendedDevicePausesAndPlaysOn() async {
        let r = rig()
        #expect(await playing(r.h))
        r.sink.suspendAndResume()
        #expect(await r.h.waitFor { $0.contains { if case .interruptionEnded(shouldResume: true) = $0.kind { return true }; return false } })
        #expect(rates(r.h).suffix(2) == [0, 1])
        #expect(r.h.player.rate == 1)
    }

    @Test func interruptionEndedWithoutResumeStaysPaused() async {
        let r = rig()
        #expect(await playing(r.h))
        r.h.player.beginInterruption()
        r.h.player.endInterruption(shouldResume: false)
        #expect(await r.h.waitFor { $0.contains { $0.name == "interruptionEnded" } })
        #expect(r.h.player.rate == 0)
        #expect(await r.h.waitFor { _ in r.h.player.rate != 0 } == false)
    }

    @Test func routeLostDuringAnInterruptionIsNotResumedOnTheFallback() async {
        let r = rig()
        #expect(await playing(r.h))
        r.h.player.beginInterruption()
        r.monitor.send(.jack(card: "PCH", control: "Headphone Jack", plugged: false))
        r.h.player.endInterruption(shouldResume: true)
        #expect(await r.h.waitFor { $0.contains { $0.name == "interruptionEnded" } })
        #expect(routeChanges(r.h).map(\.reason) == [.oldDeviceUnavailable])
        #expect(r.h.player.rate == 0)
        #expect(await r.h.waitFor { _ in r.h.player.rate != 0 } == false)
    }

    @Test func userPlayingDuringAnInterruptionIsInCharge() async {
        let r = rig()
        #expect(await playing(r.h))
        r.h.player.beginInterruption()
        #expect(await r.h.waitFor { _ in r.h.player.rate == 0 })
        r.h.player.play()
        r.h.player.pause()
        r.h.player.endInterruption(shouldResume: true)
        #expect(await r.h.waitFor { $0.contains { $0.name == "interruptionEnded" } })
        #expect(r.h.player.rate == 0)
    }

    @Test func duckLowersTheGainThenRestoresIt() async {
        let r = rig()
        #expect(await playing(r.h))
        // The fake source plays a constant 0.25; ducked by 0.25 it is 0.0625.
        r.h.player.beginInterruption(ducking: 0.25)
        #expect(await r.h.waitFor { _ in r.sink.runs.contains { $0.value == 0.0625 } })
        #expect(r.h.player.rate == 1)
        r.h.player.endInterruption(shouldResume: true)
        #expect(await r.h.waitFor { _ in
            let runs = r.sink.runs
            guard let low = runs.lastIndex(where: { $0.value == 0.0625 }) else { return false }
            return runs[low...].contains { $0.value == 0.25 }
        })
        let events = r.h.eventNames
        #expect(events.contains("interruptionBegan") && events.contains("interruptionEnded"))
        // Samples (ignoring the silence before the first sound): full level, a ramp down with
        // no step back up, the ducked level, a ramp up, full level again.
        let values = r.sink.runs.map(\.value).filter { $0 != 0 }
        guard let down = values.firstIndex(where: { $0 < 0.25 }),
              let bottom = values.firstIndex(of: 0.0625),
              let up = values[bottom...].firstIndex(where: { $0 != 0.0625 }),
              let back = values[up...].firstIndex(of: 0.25) else {
            Issue.record("no duck in \(values.prefix(20))")
            return
        }
        #expect(values[..<down].allSatisfy { $0 == 0.25 })
        let rampDown = Array(values[down..<bottom]), rampUp = Array(values[up..<back])
        #expect(zip(rampDown, rampDown.dropFirst()).allSatisfy { $0.1 < $0.0 })
        #expect(zip(rampUp, rampUp.dropFirst()).allSatisfy { $0.1 > $0.0 })
        // 10 ms at 48 kHz: 480 ramp frames, the last of them at the target.
        #expect(rampDown.count == 479)
        #expect(rampUp.count == 479)
    }

    @Test func aDeviceMixerTakesTheVolumeAndTheSamplesStayWhole() async {
        let clock = VirtualClock()
        let sink = RecordingAudioSink(clock: clock, route: Self.phones, hasMixer: true)
        let h = PlayerHarness(urls: [Self.long], clock: clock, audio: sink)
        h.player.volume = 0.5
        #expect(await playing(h))
        h.player.isMuted = true
        #expect(h.run { _ in sink.mixerVolumes.last == 0 })
        #expect(sink.mixerVolumes.first == 0.5)
        // The fake source's level (0.25) reaches the device unscaled: the mixer did the work.
        #expect(sink.runs.contains { $0.value == 0.25 } && !sink.runs.contains { $0.value == 0.125 })
    }

    @Test func mutingRampsToSilence() async {
        let r = rig()
        #expect(await playing(r.h))
        r.h.player.isMuted = true
        #expect(await r.h.waitFor { _ in (r.sink.runs.last?.value ?? 1) == 0 && (r.sink.runs.last?.count ?? 0) > 4800 })
        let values = r.sink.runs.map(\.value)
        guard let start = values.lastIndex(of: 0.25) else { Issue.record("never at full level"); return }
        // Straight from full level down to silence in 480 frames, never a jump to zero.
        #expect(values.count - start - 2 == 479)
    }
}
