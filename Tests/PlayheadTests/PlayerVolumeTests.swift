import Playhead
import PlayheadTestSupport
import Testing

/// The volume and mute read back what was last set, before the engine's loop has taken it: a
/// change relative to the volume ("volume +0.05", a held button's repeats) must not lose a step
/// to a loop that is slow to turn.
@Suite struct PlayerVolumeTests {
    @Test func whatWasSetReadsBackBeforeTheEngineTakesIt() {
        // Stepped: the engine takes nothing until the harness runs a pass.
        let h = PlayerHarness(urls: ["fake-50"])
        h.player.volume = 0.3
        for _ in 0..<8 { h.player.volume += 0.05 }
        #expect(abs(h.player.volume - 0.7) < 0.0001, "read \(h.player.volume) after eight steps from 0.3")
        h.player.isMuted = true
        #expect(h.player.isMuted)
        h.player.volume = 1.5
        #expect(h.player.volume == 1, "a volume beyond 1 reads back as the 1 it plays at")
    }
}
