#if canImport(Glibc)
import Glibc
#endif

/// A small file replaced whole or not at all, so a power cut leaves the old contents or the
/// new, never a mix: written to a temporary file beside it, synced, renamed over it, and the
/// folder synced so the rename itself survives.
public enum AtomicFile {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The temporary file is made anew, never through a link or into an existing file (a
    /// link left at `path.new` would otherwise have the write go wherever it points); the
    /// rename replaces a link at `path` itself, not what it points to.
    public static func write(_ text: String, to path: String, mode: mode_t = 0o644) throws(Failure) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.flatMap { $0.isEmpty ? "/" : $0 } ?? "."
        let temporary = path + ".new"
        // Left over from a power cut, or put there: either way not ours to write through.
        _ = unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { throw failure("cannot write \(temporary)") }
        // The umask must not widen or narrow what was asked for.
        _ = fchmod(fd, mode)
        guard Sys.writeAll(fd, Array(text.utf8)) else {
            let e = failure("cannot write \(temporary)")
            close(fd)
            throw e
        }
        guard fsync(fd) == 0 else {
            let e = failure("cannot sync \(temporary)")
            close(fd)
            throw e
        }
        close(fd)
        guard rename(temporary, path) == 0 else { throw failure("cannot rename \(temporary) to \(path)") }
        let dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 {
            _ = fsync(dir)
            close(dir)
        }
    }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(Sys.currentErrno)")
    }
}
