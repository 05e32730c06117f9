import PlayheadSys
import Synchronization

/// Keeps the playlist in step with its folders (a USB stick plugged in, pulled out, files copied
/// on): each change is listed, files still growing are held back, and the router gets the new
/// playlist only when it differs. The item that plays goes on when it is still there.
final class FolderFollower: Sendable {
    private let loader: PlaylistLoader
    private let router: CommandRouter
    private let watchers: [FolderWatcher]
    private let state: Mutex<(settle: [String: CopySettle], last: [String])>

    init(loader: PlaylistLoader, router: CommandRouter, initial: [(location: String, title: String?, duration: Double?)]) {
        self.loader = loader
        self.router = router
        watchers = loader.folders.compactMap { FolderWatcher(path: $0) }
        // What was there at start counts as copied long ago.
        let now = MonotonicClock().now().nanoseconds
        var settle: [String: CopySettle] = [:]
        for folder in loader.folders {
            var s = CopySettle()
            _ = s.observe(Self.sizes(folder), now: now - s.settleNanoseconds)
            settle[folder] = s
        }
        state = Mutex((settle, initial.map(\.location)))
    }

    var isNeeded: Bool { !watchers.isEmpty }

    func start() {
        for w in watchers { w.start { [self] in rescan() } }
    }

    func stop() {
        for w in watchers { w.stop() }
    }

    static func sizes(_ folder: String) -> [(name: String, size: Int64)] {
        let items = DirectoryListing.read(folder) ?? []
        let playable = Set(DirectoryPlaylist.playable(items))
        return items.filter { playable.contains($0.name) }.sorted { NaturalOrder.less($0.name, $1.name) }.map { ($0.name, $0.size) }
    }

    /// Lists the folders and hands the router the playlist, as one step: each folder's watcher
    /// calls this on its own thread, and a rescan that listed before a file went must not hand
    /// its list over after a newer one did (the file would come back).
    func rescan() {
        state.withLock { s in
            let now = MonotonicClock().now().nanoseconds
            var ready: [String: [String]] = [:]
            for folder in loader.folders {
                ready[folder] = s.settle[folder, default: CopySettle()].observe(Self.sizes(folder), now: now).ready
            }
            let items = loader.expand(ready: ready, report: { _ in })
            guard s.last != items.map(\.location) else { return }
            s.last = items.map(\.location)
            AppLog.notice("playlist: now \(items.count) items (\(loader.folders.joined(separator: ", ")) changed)")
            router.replacePlaylist(with: items)
        }
    }
}
