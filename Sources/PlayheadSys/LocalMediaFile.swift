#if canImport(Glibc)
import Glibc
#endif
import PlayheadCore
import SystemPackage

/// Local media as the demuxer may open it: only a regular file, looked at without blocking.
/// FFmpeg's file protocol opens in blocking mode, and the kernel, not FFmpeg, waits in an open
/// of a FIFO or a device node, so the I/O guard's deadline never fires there: such an entry
/// (on a stranger's stick, say) would hold its item "opening" for ever.
public enum LocalMediaFile {
    /// Nil when `path` names a regular file that can be read; else why it cannot play.
    public static func problem(with path: String) -> PlaybackError? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let e = Sys.currentErrno
            if e == .noSuchFileOrDirectory || e == .notDirectory {
                return PlaybackError(.fileNotFound, "\(path): no such file; check the path")
            }
            return PlaybackError(e == .permissionDenied || e == .notPermitted ? .permissionDenied : .readFailed,
                                 "\(path): cannot be read (\(e))")
        }
        if let kind = nonRegularKind(info.st_mode) {
            return PlaybackError(.notMedia, "\(path): is \(kind), not a media file; only regular files play (remove the entry)")
        }
        // Opened without blocking and looked at again: what was checked is what is there now.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            return PlaybackError(.permissionDenied, "\(path): cannot be read (\(Sys.currentErrno))")
        }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else {
            return PlaybackError(.readFailed, "\(path): cannot be read (\(Sys.currentErrno))")
        }
        if let kind = nonRegularKind(info.st_mode) {
            return PlaybackError(.notMedia, "\(path): is \(kind), not a media file; only regular files play (remove the entry)")
        }
        return nil
    }

    /// What a file that is not a regular one is, in words.
    static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}
