import Playhead
@testable import PlayheadApp
import Testing

/// `display off|on`: the screen's power, with playback paused while it is off.
@Suite struct ScreenPowerRouterTests {
    let session = ControlSession(name: "test", format: .text) { _ in }

    func router(_ player: FakePlayerControl) -> CommandRouter {
        let r = CommandRouter(player: player, playlist: Playlist([("a.mp4", nil)]), settings: Settings(catalog: AppOptions.catalog),
                              hooks: RouterHooks(now: { 0 }, version: "9.9"), layers: nil)
        r.start()
        return r
    }

    @Test func offPausesAndOnPlaysAgain() {
        let player = FakePlayerControl()
        let r = router(player)
        player.play()
        #expect(r.handle(line: "display off", from: session) == "ok")
        #expect(player.calls.suffix(2) == ["screen off", "pause"])
        #expect(r.handle(line: "display on", from: session) == "ok")
        #expect(player.calls.suffix(2) == ["screen on", "play"])
    }

    /// Paused before the screen went off, it stays paused when the screen comes on.
    @Test func onDoesNotPlayWhatWasPausedBefore() {
        let player = FakePlayerControl()
        let r = router(player)
        player.pause()
        _ = r.handle(line: "display off", from: session)
        _ = r.handle(line: "display on", from: session)
        #expect(player.calls.last == "screen on")
    }

    /// screen-off-sound keep: the screen goes off, the sound plays on.
    @Test func keepSoundDoesNotPause() {
        let player = FakePlayerControl()
        let r = router(player)
        player.play()
        #expect(r.handle(line: "set screen-off-sound keep", from: session) == "screen-off-sound: keep")
        _ = r.handle(line: "display off", from: session)
        #expect(player.calls.last == "screen off" && !player.isPaused)
        _ = r.handle(line: "display on", from: session)
        #expect(player.calls.last == "screen on")
    }

    @Test func theGrammarTakesOnOrOffOnly() {
        let r = router(FakePlayerControl())
        #expect(r.handle(line: "display sideways", from: session) == "error: display takes on or off, or nothing; usage: display [on|off]")
    }
}
