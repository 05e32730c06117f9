import Dispatch
import Glibc
import Playhead
@testable import PlayheadApp
import PlayheadTestSupport
import Testing

/// Each folder has a watcher thread of its own, and each rescans: a rescan that listed the
/// folder before a file went, and handed its list over after a newer rescan had, brought the
/// file back. Files are removed here (a removal needs no settling time, so no clock is read).
@Suite struct FolderFollowerRaceTests {
    @Test func rescansAtOnceNeverHandOverAnOlderListing() throws {
        var template = Array("/tmp/ph-ff-XXXXXX".utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        defer { rmdir(dir) }
        let files = (0..<150).map { String(format: "%@/clip%03d.mp4", dir, $0) }
        for f in files { close(creat(f, 0o644)) }
        defer { for f in files { unlink(f) } }

        let player = FakePlayerControl()
        let catalog = AppOptions.catalog
        let settings = Settings(catalog: catalog, file: try OptionsFile.parse("", path: "p.conf", catalog: catalog).get())
        let loader = PlaylistLoader(arguments: [dir])
        let initial = loader.expand()
        let router = CommandRouter(player: player, playlist: Playlist(initial), settings: settings, hooks: RouterHooks(now: { 0 }, version: "t"))
        router.start()
        let follower = FolderFollower(loader: loader, router: router, initial: initial)

        // One side removes the files one by one and rescans after each, as its watcher would;
        // the other rescans meanwhile, as a second folder's watcher would.
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            if side == 0 {
                for f in files {
                    unlink(f)
                    follower.rescan()
                }
            } else {
                for _ in 0..<(2 * files.count) { follower.rescan() }
            }
        }
        // Files only went: no list handed over may be longer than one before it.
        let sizes = player.appliedQueueSizes
        #expect(sizes == sizes.sorted(by: >))
        #expect(router.playlist.entries.map(\.location) == [])
        #expect(player.queue == [])
    }
}
