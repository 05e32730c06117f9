import Glibc
import PlayheadCore
import SystemPackage

/// Whole-file writes (screenshots, captured frames), with an error that names the file.
public enum FileOutput {
    /// Never through a link, never into a FIFO or a device (a FIFO with no reader would hold
    /// the writing thread); `exclusive`: only a file made here, never one already there.
    public static func write(_ bytes: [UInt8], to path: String, exclusive: Bool = false, mode: mode_t = 0o644) throws(PlaybackError) {
        let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (exclusive ? O_EXCL : 0)
        let fd = open(path, flags, mode)
        guard fd >= 0 else {
            let e = Sys.currentErrno
            let why = e == .tooManySymbolicLinkLevels ? "it is a link" : e == .fileExists ? "a file of that name is already there" : e.description
            throw PlaybackError(.permissionDenied, "\(path): cannot write (\(why)); check the folder exists and is writable")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw PlaybackError(.permissionDenied, "\(path): not a regular file; not written")
        }
        guard ftruncate(fd, 0) == 0 else {
            throw PlaybackError(.permissionDenied, "\(path): cannot write (\(Sys.currentErrno))")
        }
        guard Sys.writeAll(fd, bytes) else { throw PlaybackError(.readFailed, "\(path): the write was cut short; is the disk full?") }
    }

    /// The names in a folder (files, links, anything), or nil when it cannot be read.
    public static func names(in folder: String) -> [String]? {
        DirectoryListing.names(folder)
    }

    public static func makeDirectory(_ path: String) throws(PlaybackError) {
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw PlaybackError(.permissionDenied, "\(path): cannot make the folder (\(Sys.currentErrno))")
        }
    }

    /// Gives the file at `from` the name `to` as well (never over a file already there), then
    /// lets `from` go: a reader sees the whole file under its name or nothing.
    public static func publish(_ from: String, as to: String) throws(PlaybackError) {
        defer { _ = unlink(from) }
        guard link(from, to) == 0 else {
            throw PlaybackError(.permissionDenied, "\(to): cannot write (\(Sys.currentErrno)); check the folder is writable")
        }
    }

    /// Removes a file; a missing one is no error.
    public static func remove(_ path: String) { _ = unlink(path) }

    /// Removes an empty folder; a missing one is no error.
    public static func removeDirectory(_ path: String) { _ = rmdir(path) }
}
