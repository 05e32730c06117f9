@testable import PlayheadApp
import Testing

/// What a sync group's member reads of its own player: the leader publishes it, a follower
/// judges itself by it.
@Suite struct SyncLookTests {
    @Test func anItemChangeDuringTheLookPairsTheEntryWithItsOwnTime() {
        let player = FakePlayerControl()
        let r = CommandRouter(player: player, playlist: Playlist([("a.mp4", nil), ("b.mp4", nil)]), settings: Settings(catalog: AppOptions.catalog),
                              hooks: RouterHooks(now: { 0 }, version: "9.9"), layers: nil)
        r.start()
        #expect(r.handle(line: "play", from: ControlSession(name: "test", format: .text) { _ in }) == "ok")
        #expect(r.syncLook(now: 0).local.entry == 0)
        player.s.withLock { $0.itemChangesAtRateRead = true }
        // Paired with a.mp4 (6 s long on a wall), b.mp4's 0.1 s put the leader's timeline, or
        // a follower's own place, a whole item off.
        let look = r.syncLook(now: 0)
        #expect(look.local.entry == 1 && look.local.itemTime == 100_000_000, "entry \(look.local.entry ?? -1) at \(look.local.itemTime ?? -1) ns")
    }
}
