@_spi(Testing) import Playhead
import PlayheadCore
import PlayheadTestSupport
import Testing

/// Two players of group "kiosk" on one clock, playing: b's source behind `gate`.
func kioskPair(_ url: String, gate: FakeGate, clock: VirtualClock) -> (StartGroup, PlayerHarness, PlayerHarness) {
    let group = StartGroup(name: "kiosk", members: ["a", "b"])
    let a = PlayerHarness(urls: [url], clock: clock, startGroup: group.member(0))
    let b = PlayerHarness(urls: [url], backend: FakeBackend(gate: gate), clock: clock, startGroup: group.member(1))
    a.player.play()
    b.player.play()
    return (group, a, b)
}

/// Two players of one start group on one virtual clock, stepped by hand: the one ready first
/// does not start its clock until the other is ready; then both run from the same instant.
@Suite struct StartGroupTests {
    private func steps(_ players: PlayerHarness..., count: Int = 20) {
        for _ in 0..<count { for p in players { _ = p.player.step() } }
    }

    @Test func theFirstReadyWaitsForTheOtherAndBothRunFromTheSameInstant() {
        let clock = VirtualClock(), gate = FakeGate()
        gate.shut()
        let (group, a, b) = kioskPair("fake-100", gate: gate, clock: clock)
        steps(a, b)
        clock.advance(byNanoseconds: 1_000_000_000)
        steps(a, b)
        // a has its first picture and sound, b none: a's clock has not started.
        #expect(a.player.currentTime() == .zero)
        #expect(group.startedTogether == 0)
        gate.open()
        steps(b, a)
        #expect(group.startedTogether == 1)
        clock.advance(byNanoseconds: 400_000_000)
        steps(a, b)
        #expect(a.player.currentTime() == MediaTime(value: 400, timescale: 1000))
        #expect(b.player.currentTime() == a.player.currentTime())
        a.player.shutdown()
        b.player.shutdown()
    }

    /// A woken engine looks again some time after it is woken (a busy board's scheduler): its
    /// clock starts from the instant the last member came, so it is not that far behind.
    @Test func aWokenMemberRunsFromTheInstantTheLastOneCameNotFromItsOwnLook() {
        let clock = VirtualClock(), gate = FakeGate()
        gate.shut()
        let (group, a, b) = kioskPair("fake-100", gate: gate, clock: clock)
        steps(a, b)
        gate.open()
        // b comes last and starts; a looks again only 30 ms later.
        steps(b)
        #expect(group.startedTogether == 1)
        clock.advance(byNanoseconds: 30_000_000)
        steps(a, b)
        #expect(a.player.currentTime() == MediaTime(value: 30, timescale: 1000))
        #expect(b.player.currentTime() == a.player.currentTime())
        a.player.shutdown()
        b.player.shutdown()
    }

    @Test func aMemberWhoseOtherNeverGetsReadyStartsAloneAfterTheLimit() {
        let clock = VirtualClock()
        let group = StartGroup(name: "kiosk", members: ["a", "b"])
        let a = PlayerHarness(urls: ["fake-100"], clock: clock, startGroup: group.member(0))
        a.player.play()
        // Run by its own deadlines: the wait ends at the limit, and the clock starts then.
        #expect(a.run(until: { $0.contains { $0.name == "didPlayToEndTime" } }, virtualSeconds: 30))
        #expect(clock.now().nanoseconds >= StartRendezvous.waitLimitNanoseconds)
        #expect(group.startedTogether == 0)
        a.player.shutdown()
    }
}

/// A group's member that stalls comes back where the group's clock is, not where it stopped.
@Suite struct GroupStallTests {
    private func run(_ players: PlayerHarness..., clock: VirtualClock, milliseconds: Int) {
        for _ in 0..<(milliseconds / 10) {
            clock.advance(byNanoseconds: 10_000_000)
            for _ in 0..<3 { for p in players { _ = p.player.step() } }
        }
    }

    /// Frames apart: the two members' times in 25ths of a second.
    private func apart(_ a: PlayerHarness, _ b: PlayerHarness) -> Int64 {
        (a.player.currentTime() - b.player.currentTime()).converted(to: 25).value
    }

    @Test func aShortStallIsMadeUpByDroppingWhatWasMissed() {
        let clock = VirtualClock(), gate = FakeGate()
        gate.hold(from: MediaTime(value: 1, timescale: 1))
        let (_, a, b) = kioskPair("fake-250-noaudio", gate: gate, clock: clock)
        run(a, b, clock: clock, milliseconds: 2000)
        #expect(b.eventNames.contains("playbackStalled"))
        #expect(apart(a, b) > 10, "b did not stall behind a")
        gate.open()
        run(a, b, clock: clock, milliseconds: 500)
        #expect(abs(apart(a, b)) <= 1, "a at \(a.player.currentTime().secondsText), b at \(b.player.currentTime().secondsText)")
        #expect(!b.eventNames.contains("timeJumped"), "a short stall was made up by a seek")
        a.player.shutdown()
        b.player.shutdown()
    }

    @Test func aLongStallIsMadeUpByASeekToWhereTheGroupIs() {
        let clock = VirtualClock(), gate = FakeGate()
        gate.hold(from: MediaTime(value: 1, timescale: 1))
        let (_, a, b) = kioskPair("fake-250-noaudio", gate: gate, clock: clock)
        run(a, b, clock: clock, milliseconds: 5000)
        #expect(apart(a, b) > 75, "b did not stall 3 s behind a")
        gate.open()
        run(a, b, clock: clock, milliseconds: 1000)
        #expect(b.eventNames.contains("timeJumped"), "b did not seek")
        #expect(abs(apart(a, b)) <= 1, "a at \(a.player.currentTime().secondsText), b at \(b.player.currentTime().secondsText)")
        // It shows pictures from where the group is (from the key frame before it, 12 frames
        // apart), not the ones it missed.
        let shown = b.video.frames.map(\.pts).filter { $0 > MediaTime(value: 13, timescale: 10) }
        #expect(!shown.isEmpty && shown.allSatisfy { $0 >= MediaTime(value: 45, timescale: 10) }, "\(shown.prefix(5).map(\.secondsText))")
        a.player.shutdown()
        b.player.shutdown()
    }

    @Test func aPlayerOfNoGroupGoesOnWhereItStopped() {
        let clock = VirtualClock(), gate = FakeGate()
        gate.hold(from: MediaTime(value: 1, timescale: 1))
        let b = PlayerHarness(urls: ["fake-250-noaudio"], backend: FakeBackend(gate: gate), clock: clock)
        b.player.play()
        run(b, clock: clock, milliseconds: 2000)
        let stoppedAt = b.player.currentTime()
        gate.open()
        run(b, clock: clock, milliseconds: 10)
        #expect(b.player.currentTime() - stoppedAt < MediaTime(value: 1, timescale: 10))
        b.player.shutdown()
    }
}
