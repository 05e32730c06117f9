import Glibc
import SystemPackage

/// Whole reads of small text files (/proc and /sys entries).
public enum FileInput {
    /// The file's text, or nil when it cannot be read.
    public static func readText(_ path: String) -> String? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n <= 0 { break }
            out += chunk.prefix(n)
        }
        return String(decoding: out, as: UTF8.self)
    }

    public enum CappedRead: Sendable, Equatable {
        case text(String)
        case missing
        case tooLarge
        case unreadable(String)
    }

    /// A whole file of at most `limit` bytes (playlists, options and state files: a stranger's
    /// 4 GB "playlist" must not be read into memory). Only regular files: a FIFO or a device
    /// named as one is unreadable, never waited on.
    public static func read(_ path: String, limit: Int) -> CappedRead {
        switch bytes(path, limit: limit) {
        case .success(let b): return .text(String(decoding: b, as: UTF8.self))
        case .failure(let f): return f.read
        }
    }

    public struct ReadFailure: Error, Sendable { public let read: CappedRead }

    /// As `read`, the bytes as they are (a PNG).
    public static func bytes(_ path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let e = Sys.currentErrno
            return .failure(ReadFailure(read: e == .noSuchFileOrDirectory ? .missing : .unreadable(e.description)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(ReadFailure(read: .unreadable(Sys.currentErrno.description))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(ReadFailure(read: .unreadable("not a regular file"))) }
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return .failure(ReadFailure(read: .unreadable(Sys.currentErrno.description))) }
            if n == 0 { break }
            guard out.count + n <= limit else { return .failure(ReadFailure(read: .tooLarge)) }
            out += chunk.prefix(n)
        }
        return .success(out)
    }

    /// The path with every link and `..` resolved, or nil when some part of it is missing.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The size of the regular file at the path (through a link, as opening it would go); nil
    /// for none, a folder, a FIFO or a device: looked at without reading it.
    public static func regularFileSize(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    /// What tells one version of a regular file from another (device, inode, size, change
    /// time): a cache of what was read from it holds while this is unchanged. Nil when missing.
    public static func identity(_ path: String) -> [Int64]? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return [Int64(bitPattern: UInt64(info.st_dev)), Int64(bitPattern: UInt64(info.st_ino)), Int64(info.st_size),
                Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec)]
    }

    /// Whether anything is at the path (a file, a folder, a device).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether the path is a folder.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
