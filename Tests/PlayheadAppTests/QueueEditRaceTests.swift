import Dispatch
import Playhead
@testable import PlayheadApp
import PlayheadTestSupport
import Testing

/// Edits from several inputs at once (console, socket, buttons, the folder watcher): each one
/// must reach the player in the order the playlist took them. An edit computed under the
/// router's lock and handed to the player after it let a slower input's older queue land last,
/// and an added item was lost.
@Suite struct QueueEditRaceTests {
    @Test func concurrentAddsReachThePlayerInOrderAndNoneIsLost() {
        let player = FakePlayerControl(yieldsInPlay: 20)
        let catalog = AppOptions.catalog
        let file = try! OptionsFile.parse("", path: "p.conf", catalog: catalog).get()
        let router = CommandRouter(player: player, playlist: Playlist([("first.mp4", nil)]),
                                   settings: Settings(catalog: catalog, file: file),
                                   hooks: RouterHooks(now: { 0 }, version: "t"))
        router.start()
        let inputs = 4, perInput = 300
        DispatchQueue.concurrentPerform(iterations: inputs) { input in
            for i in 0..<perInput { _ = router.perform(.add("in\(input)-\(i).mp4", at: nil)) }
        }
        let sizes = player.appliedQueueSizes
        // One queue from start, then each add one longer than the one before.
        #expect(sizes == Array(1...(1 + inputs * perInput)))
        #expect(player.queue.count == 1 + inputs * perInput)
    }
}
