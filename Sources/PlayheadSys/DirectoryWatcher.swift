#if canImport(Glibc)
import Glibc
#endif

/// Names created in or removed from one directory (inotify). Device nodes under /dev come and
/// go this way on a board with devtmpfs and no udev.
public final class DirectoryWatcher: @unchecked Sendable {
    private let fd: Int32

    /// Nil when the directory cannot be watched (it does not exist yet, or no inotify).
    public init?(path: String) {
        let f = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard f >= 0 else { return nil }
        guard inotify_add_watch(f, path, UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)) >= 0 else {
            close(f)
            return nil
        }
        fd = f
    }

    deinit { close(fd) }

    /// For a poll that waits on this and other descriptors (see DescriptorPoll).
    public var descriptor: Int32 { fd }

    /// Waits up to `milliseconds` for changes; returns the names that changed (maybe none).
    public func wait(milliseconds: Int32) -> [String] {
        guard DescriptorPoll.wait([fd], milliseconds: milliseconds).first == .readable else { return [] }
        return readNames()
    }

    /// The names queued so far, without waiting.
    public func readNames() -> [String] {
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            // struct inotify_event: wd, mask, cookie, len (4 bytes each), then a NUL-padded name.
            while offset + 16 <= n {
                let len = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + len)].prefix { $0 != 0 }
                if !nameBytes.isEmpty { names.append(String(decoding: nameBytes, as: UTF8.self)) }
                offset += 16 + len
            }
        }
        return names
    }
}
