import Glibc
import PlayheadCore

/// A file received in pieces and put in its folder only when whole: written under a hidden
/// temporary name made here (never through a link, never over a file already there), synced,
/// then renamed over `name` in one step, so a folder watcher never sees half a file and a cut
/// connection or a power cut leaves no partial media in the playlist. Calls block: callers run
/// them on a thread of their own.
public final class UploadFile: @unchecked Sendable {
    public let folder: String
    public let name: String
    private let temporary: String
    private var fd: Int32
    public private(set) var written = 0

    /// `name` must be one checked component (UploadName); the folder is made when missing.
    public init(folder: String, name: String) throws(CommandError) {
        self.folder = folder
        self.name = name
        temporary = folder + "/.upload-" + name
        do throws(PlaybackError) { try FileOutput.makeDirectory(folder) } catch { throw CommandError(error.message) }
        // Left over from a cut upload or a power cut: ours to replace, never to write through.
        _ = unlink(temporary)
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CommandError("cannot write into the media folder \(folder): \(Sys.currentErrno)") }
        _ = fchmod(fd, 0o644)
    }

    deinit { if fd >= 0 { abort() } }

    public func append(_ bytes: [UInt8]) throws(CommandError) {
        guard Sys.writeAll(fd, bytes) else {
            let e = CommandError("writing \(name) into \(folder) failed: \(Sys.currentErrno)")
            abort()
            throw e
        }
        written += bytes.count
    }

    /// The whole file under its name, replacing a file of that name (never what a link there
    /// points to: rename replaces the link itself).
    public func commit() throws(CommandError) {
        guard fd >= 0 else { throw CommandError("the upload of \(name) was already ended") }
        let synced = fsync(fd) == 0
        close(fd)
        fd = -1
        guard synced, rename(temporary, folder + "/" + name) == 0 else {
            let e = CommandError("storing \(name) in \(folder) failed: \(Sys.currentErrno)")
            _ = unlink(temporary)
            throw e
        }
        let dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 {
            _ = fsync(dir)
            close(dir)
        }
    }

    /// Drops what was received.
    public func abort() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        _ = unlink(temporary)
    }
}
