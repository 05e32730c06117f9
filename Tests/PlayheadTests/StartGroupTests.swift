@_spi(Testing) import Playhead
import PlayheadCore
import PlayheadTestSupport
import Testing

/// Two players of one start group on one virtual clock, stepped by hand: the one ready first
/// does not start its clock until the other is ready; then both run from the same instant.
@Suite struct StartGroupTests {
    private func steps(_ players: PlayerHarness..., count: Int = 20) {
        for _ in 0..<count { for p in players { _ = p.player.step() } }
    }

    @Test func theFirstReadyWaitsForTheOtherAndBothRunFromTheSameInstant() {
        let clock = VirtualClock()
        let group = StartGroup(name: "kiosk", members: ["a", "b"])
        let gate = FakeGate()
        gate.shut()
        let a = PlayerHarness(urls: ["fake-100"], clock: clock, startGroup: group.member(0))
        let b = PlayerHarness(urls: ["fake-100"], backend: FakeBackend(gate: gate), clock: clock, startGroup: group.member(1))
        a.player.play()
        b.player.play()
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
        let clock = VirtualClock()
        let group = StartGroup(name: "kiosk", members: ["a", "b"])
        let gate = FakeGate()
        gate.shut()
        let a = PlayerHarness(urls: ["fake-100"], clock: clock, startGroup: group.member(0))
        let b = PlayerHarness(urls: ["fake-100"], backend: FakeBackend(gate: gate), clock: clock, startGroup: group.member(1))
        a.player.play()
        b.player.play()
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
