import Playhead
@testable import PlayheadApp
import Synchronization
import Testing

/// The router's side of `layer`: which player each command reaches.
@Suite struct LayerRouterTests {
    final class FakeLayers: LayerControl {
        let calls = Mutex<[String]>([])
        let mainName = "bg"
        let names = ["bg", "left", "logo"]
        func status(_ name: String) -> ReplyValue? {
            name == "bg" || !names.contains(name) ? nil : .object([.init("layer", .string(name)), .init("state", .string("playing"))])
        }
        func perform(_ command: LayerCommand, on name: String) -> Reply {
            calls.withLock { $0.append("\(name) \(command)") }
            return .done
        }
        func setVisible(_ visible: Bool, _ name: String) -> Reply {
            calls.withLock { $0.append("\(name) \(visible ? "show" : "hide")") }
            return name == "bg" && !visible ? .error("layer bg cannot be hidden: it is on the primary plane") : .done
        }
        func isVisible(_ name: String) -> Bool? { names.contains(name) ? true : nil }
        func playAll() { calls.withLock { $0.append("play all") } }
        func pauseAll() { calls.withLock { $0.append("pause all") } }
        /// bg and left are one group when `grouped`.
        let grouped: Bool
        init(grouped: Bool = false) { self.grouped = grouped }
        func groupMembers(of name: String) -> [String] { grouped && name != "logo" ? ["bg", "left"] : [name] }
        func timing(of name: String) -> (time: Double?, paused: Bool)? { (12.5, false) }
    }

    let player = FakePlayerControl()
    let layers = FakeLayers()
    let session = ControlSession(name: "test", format: .text) { _ in }

    func router(layers: (any LayerControl)?) -> CommandRouter {
        let r = CommandRouter(player: player, playlist: Playlist([("a.mp4", nil)]), settings: Settings(catalog: AppOptions.catalog),
                              hooks: RouterHooks(now: { 0 }, version: "9.9"), layers: layers)
        r.start()
        return r
    }

    @Test func pauseAndPlayAloneMeanTheWholeScreen() {
        let r = router(layers: layers)
        #expect(r.handle(line: "pause", from: session) == "ok")
        #expect(r.handle(line: "play", from: session) == "ok")
        #expect(layers.calls.withLock { $0 } == ["pause all", "play all"])
        #expect(player.calls.suffix(2) == ["pause", "play"])
    }

    @Test func aNamedLayersCommandReachesOnlyItsPlayer() {
        let r = router(layers: layers)
        #expect(r.handle(line: "layer left pause", from: session) == "ok")
        #expect(r.handle(line: "layer left volume 0.25", from: session) == "ok")
        #expect(layers.calls.withLock { $0 } == ["left pause", "left volume(PlayheadCore.ConsoleCommand.Amount.absolute(0.25))"])
        #expect(!player.calls.contains("pause"))
    }

    /// A group moves as one: a member's pause, toggle or seek reaches every member (the main
    /// one through the router's own player), the same place for all; its volume stays its own.
    @Test func aGroupsMembersMoveTogether() {
        let layers = FakeLayers(grouped: true)
        let r = router(layers: layers)
        #expect(r.handle(line: "layer left toggle", from: session) == "ok")
        #expect(r.handle(line: "layer left seek +5", from: session) == "ok")
        #expect(r.handle(line: "layer left volume 0.5", from: session) == "ok")
        #expect(layers.calls.withLock { $0 } == ["left pause", "left seek(PlayheadCore.ConsoleCommand.Amount.absolute(17.5), exact: true)",
                                                  "left volume(PlayheadCore.ConsoleCommand.Amount.absolute(0.5))"])
        #expect(player.calls.contains("pause"))
        #expect(player.calls.contains("seek 17.5 exact"), "\(player.calls)")
    }

    @Test func theMainLayerIsTheRoutersOwnPlayer() {
        let r = router(layers: layers)
        #expect(r.handle(line: "layer bg pause", from: session) == "ok")
        #expect(player.calls.last == "pause")
        #expect(layers.calls.withLock { $0 }.isEmpty)
    }

    /// Showing and hiding is the screen's, the main layer's included, never a player's.
    @Test func showAndHideReachTheScreenForEveryLayer() {
        let r = router(layers: layers)
        #expect(r.handle(line: "layer logo hide", from: session) == "ok")
        #expect(r.handle(line: "layer bg hide", from: session) == "error: layer bg cannot be hidden: it is on the primary plane")
        #expect(r.handle(line: "layer logo show", from: session) == "ok")
        #expect(layers.calls.withLock { $0 } == ["logo visible(false)", "bg hide", "logo visible(true)"])
        #expect(!player.calls.contains("pause"))
    }

    @Test func layersAreListedAndInStatus() {
        let r = router(layers: layers)
        _ = r.handle(line: "json", from: session)
        let list = r.handle(line: "layer", from: session)
        #expect(list.contains("\"layer\":\"bg\"") && list.contains("\"main\":true") && list.contains("\"layer\":\"left\""), "\(list)")
        let status = r.handle(line: "status", from: session)
        #expect(status.contains("\"layers\":[\"bg: "), "\(status)")
        #expect(status.contains("\"left: playing\""), "\(status)")
        #expect(r.handle(line: "layer nobody", from: session).contains("no layer nobody; `layer` lists them (bg, left, logo)"))
    }

    @Test func withoutLayersTheCommandSaysHowToMakeThem() {
        let r = router(layers: nil)
        #expect(r.handle(line: "layer", from: session) == "error: the screen has one player and no layers; layer.NAME lines in the options file make more")
        #expect(r.handle(line: "pause", from: session) == "ok")
    }
}
