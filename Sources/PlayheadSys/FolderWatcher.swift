import PlayheadCore
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Tells when a folder's contents may have changed: inotify on the folder (files added,
/// removed, written, the folder unmounted or deleted) and on its parent (the folder made
/// again), and a look every `interval` besides, because mounting a stick on an existing
/// folder sends inotify nothing. The owner lists the folder and decides what changed.
public final class FolderWatcher: Sendable {
    public let path: String
    private let fd: Int32
    private let stopRequested = Atomic(false)
    private let worker = Mutex<WorkerThread?>(nil)

    /// Nil when inotify cannot be had (out of descriptors).
    public init?(path: String) {
        let f = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard f >= 0 else { return nil }
        self.path = path
        fd = f
    }

    deinit {
        stop()
        close(fd)
    }

    /// Calls `onChange` on the watcher's thread after each burst of changes (200 ms quiet) and
    /// every `intervalMilliseconds` while nothing happens. The watches are in place when this
    /// returns: a change made right after is seen.
    public func start(intervalMilliseconds: Int32 = 2000, _ onChange: @escaping @Sendable () -> Void) {
        worker.withLock { w in
            guard w == nil else { return }
            _ = inotify_add_watch(fd, PathName.directory(of: path), Self.parentMask)
            _ = inotify_add_watch(fd, path, Self.folderMask)
            w = WorkerThread(name: "ph-folder") { [self] in run(interval: intervalMilliseconds, onChange) }
        }
    }

    private static let parentMask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)
    private static let folderMask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE | IN_MODIFY
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT)

    /// Ends the thread; safe to call twice, from any thread.
    public func stop() {
        let w = worker.withLock { $0 }
        w?.stop { stopRequested.store(true, ordering: .releasing) }
    }

    private func run(interval: Int32, _ onChange: () -> Void) {
        var sinceLook: Int32 = 0
        var pending = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !stopRequested.load(ordering: .acquiring) {
            // Short waits: a stop is seen within 100 ms.
            let readable = DescriptorPoll.wait([fd], milliseconds: 100).first == .readable
            if readable {
                while buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
                pending = true
                sinceLook = 0
                continue
            }
            sinceLook += 100
            if pending && sinceLook >= 200 || sinceLook >= interval {
                // Added again at each look: the kernel drops a watch when its folder is
                // unmounted or deleted, and adding one that exists only renews it.
                _ = inotify_add_watch(fd, path, Self.folderMask)
                pending = false
                sinceLook = 0
                onChange()
            }
        }
    }
}
