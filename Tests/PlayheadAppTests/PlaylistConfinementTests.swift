import Glibc
import PlayheadSys
@testable import PlayheadApp
import Testing

/// A stranger's stick: its playlist and its folder play only what is on the stick, whatever
/// its links, `..` entries, absolute paths and URLs say; oversized and non-file playlists are
/// refused without being read.
@Suite struct PlaylistConfinementTests {
    let fixture: StickFixture
    var top: String { fixture.top }
    var stick: String { fixture.stick }

    init() throws {
        fixture = try StickFixture("ph-stick", folders: ["media/usb/sub"], files: ["media/usb/good.mp4", "outside/secret.mp4"])
        symlink(top + "/outside/secret.mp4", top + "/media/usb/link-out.mp4")
        symlink("good.mp4", top + "/media/usb/link-in.mp4")
    }

    func loader(_ args: [String], urls: Bool = false) -> PlaylistLoader { fixture.loader(args, urls: urls) }

    @Test func aStickPlaylistPlaysOnlyWhatIsOnTheStick() throws {
        let list = """
            #EXTM3U
            good.mp4
            ../../outside/secret.mp4
            \(top)/outside/secret.mp4
            sub/../good.mp4
            link-out.mp4
            link-in.mp4
            http://192.0.2.1/a.mp4
            """
        try FileOutput.write(Array(list.utf8), to: stick + "/list.m3u")
        var said: [String] = []
        let items = loader([stick + "/list.m3u"]).expand { said.append($0) }
        #expect(items.map(\.location) == [stick + "/good.mp4", stick + "/good.mp4", stick + "/link-in.mp4"])
        #expect(said.count == 4)
        #expect(said.contains("\(stick)/list.m3u:6: \(stick)/link-out.mp4: leads outside \(stick) (to \(top)/outside/secret.mp4); skipped"))
        #expect(said.contains { $0.hasPrefix("\(stick)/list.m3u:8: http://192.0.2.1/a.mp4: a URL") })
        #expect(loader([stick + "/list.m3u"], urls: true).expand { _ in }.count == 4)
    }

    @Test func aStickFolderLeavesOutLinksThatLeadAway() {
        var said: [String] = []
        let items = loader([stick]).expand { said.append($0) }
        #expect(items.map(\.location) == [stick + "/good.mp4", stick + "/link-in.mp4"])
        #expect(said == ["\(stick)/link-out.mp4: leads outside \(stick) (to \(top)/outside/secret.mp4); skipped"])
    }

    @Test func theSameEntriesPlayFromTheOperatorsOwnFolders() throws {
        // Outside the removable roots, the board's own playlists are trusted as before.
        let list = "outside/secret.mp4\n"
        try FileOutput.write(Array(list.utf8), to: top + "/own.m3u")
        #expect(loader([top + "/own.m3u"]).expand { _ in }.map(\.location) == [top + "/outside/secret.mp4"])
    }

    @Test func oversizedAndNonFilePlaylistsAreNotRead() throws {
        try FileOutput.write([UInt8](repeating: 0x41, count: PlaylistLoader.playlistByteLimit + 1), to: stick + "/huge.m3u")
        #expect(mkfifo(stick + "/fifo.m3u", 0o600) == 0)
        var said: [String] = []
        let items = loader([stick + "/huge.m3u", stick + "/fifo.m3u"]).expand { said.append($0) }
        #expect(items.isEmpty)
        #expect(said == ["\(stick)/huge.m3u: larger than 1 MiB, not read (is it a playlist?)",
                         "\(stick)/fifo.m3u: cannot be read (not a regular file); skipped"])
    }
}
