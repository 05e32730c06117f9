import Glibc
import PlayheadCore

/// A download being written: appended, then synced and closed once.
public final class ContentPartial {
    private var fd: Int32
    public let path: String

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { if fd >= 0 { close(fd) } }

    /// False when the disk took it not (full, failing): `errorText` says why.
    public func append(_ bytes: [UInt8]) -> Bool { Sys.writeAll(fd, bytes) }

    public var errorText: String { Sys.currentErrno.description }
    public var diskIsFull: Bool { Sys.currentErrno == .noSpace }

    /// Synced and closed; false when the sync failed.
    public func finish() -> Bool {
        guard fd >= 0 else { return false }
        let ok = fsync(fd) == 0
        close(fd)
        fd = -1
        return ok
    }
}
