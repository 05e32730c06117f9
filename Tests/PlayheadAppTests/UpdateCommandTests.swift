import Glibc
import Playhead
@testable import PlayheadApp
import PlayheadSys
import PlayheadTestSupport
import Testing

/// `update` between a client and the root update agent, whose folder is a temporary one here.
@Suite struct UpdateCommandTests {
    let dir = TemporaryDirectory()
    let player = FakePlayerControl()
    let router: CommandRouter
    let session = ControlSession(name: "test", format: .text) { _ in }

    init() {
        let catalog = AppOptions.catalog
        let text = "update-dir = \(dir.path)\nupdate-request = \(dir.file("request"))\nupdate-reboot = 03:30\n"
        let file = try! OptionsFile.parse(text, path: "p.conf", catalog: catalog).get()
        router = CommandRouter(player: player, playlist: Playlist([("a.mp4", nil)]), settings: Settings(catalog: catalog, file: file),
                               hooks: RouterHooks(now: { 0 }, version: "9.9"))
    }

    func say(_ line: String) -> String { router.handle(line: line, from: session) }
    func write(_ name: String, _ text: String) { try! AtomicFile.write(text, to: dir.file(name)) }
    var request: String? { FileInput.readText(dir.file("request")) }

    @Test func withoutAnAgentNothingIsAsked() {
        #expect(say("update") == "no update agent on this system (\(dir.path)/agent is missing)")
        #expect(say("update /media/usb/a.raucb") == "error: update: no update agent on this system (\(dir.path)/agent is missing); bundles are installed on the board images")
        #expect(request == nil)
        #expect(say("status").contains("update: no update agent on this system"))
    }

    @Test func aRequestIsHandedOverWithTheRebootTime() {
        write("agent", "123\n")
        #expect(say("update /media/usb/a.raucb force") == """
            update: asked
            source: /media/usb/a.raucb
            force: yes
            reboot: 03:30
            follow: the console shows the install; `update` or `status` say how far it got
            """)
        #expect(request == "install /media/usb/a.raucb force=yes reboot=03:30\n")
        var info = stat()
        #expect(stat(dir.file("request"), &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    @Test func refusalsAskNothing() {
        write("agent", "123\n")
        #expect(say("update /etc/passwd").hasPrefix("error: update: '/etc/passwd' is not a RAUC bundle"))
        #expect(say("update a b") == "error: update takes one URL or file, and optionally force; usage: update [URL|FILE [force]]")
        write("state", "state=installing\nprogress=40\n")
        #expect(say("update http://h/a.raucb") == "error: update: an install is under way (40%); `update` shows how far it got")
        #expect(request == nil)
    }

    @Test func theAgentsWordsInStatus() {
        write("agent", "123\n")
        write("slots", "booted=A\nversion=1\nB.version=2\nB.state=bad\n")
        write("failed", "slot B (version 2) showed no first frame in 3 boots: back on slot A\n")
        let status = say("status")
        #expect(status.contains("""
            update:
              slot: A
              version: 1
              other:
                slot: B
                version: 2
                state: bad
              fell-back: slot B (version 2) showed no first frame in 3 boots: back on slot A
            """))
    }
}
