import Glibc
import PlayheadCore

/// The content folder on /data (`content-dir`) as content sync keeps it: complete generations
/// `gen-N/` (each file at its manifest path, and `manifest.json`), and `incoming/` for the
/// next one, whose downloads wait in `incoming/.parts/` by SHA-256 (`<sha>.part` while
/// growing, `<sha>` once verified) so that a download cut by the network or a power cut goes
/// on where it stopped. A generation becomes `gen-N` in one rename, after everything in it is
/// synced: a folder named so is whole. Nothing is written outside the folder, and nothing is
/// followed through a link. Calls block: the content thread's alone.
public final class ContentStore: @unchecked Sendable {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public let root: String
    var incoming: String { root + "/incoming" }
    var parts: String { root + "/incoming/.parts" }

    public init(root: String) { self.root = root }

    public func generationPath(_ n: Int) -> String { root + "/gen-\(n)" }

    /// The generations whose folder is there, the newest first.
    public func generations() -> [Int] {
        (FileOutput.names(in: root) ?? []).compactMap { name in
            guard name.hasPrefix("gen-"), let n = Int(name.dropFirst(4)), n > 0, "gen-\(n)" == name else { return nil }
            return n
        }.sorted(by: >)
    }

    public func manifestBytes(of n: Int) -> [UInt8]? {
        try? FileInput.bytes(generationPath(n) + "/manifest.json", limit: ContentManifest.maxBytes).get()
    }

    /// Whether every file of `manifest` is in generation `n` at its size (a generation is
    /// whole by its rename; this catches one damaged by hand since).
    public func holds(_ manifest: ContentManifest, in n: Int) -> Bool {
        manifest.files.allSatisfy { size(generationPath(n) + "/" + $0.path) == $0.size }
    }

    /// A regular file's size (not through a link); nil when there is none.
    func size(_ path: String) -> Int64? {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(st.st_size)
    }

    /// Free bytes on the content folder's file system for an unprivileged writer, and its size.
    public func space() -> (free: Int64, total: Int64)? {
        var fs = statvfs()
        guard statvfs(root, &fs) == 0 else { return nil }
        return (Int64(fs.f_bavail) * Int64(fs.f_frsize), Int64(fs.f_blocks) * Int64(fs.f_frsize))
    }

    /// `incoming/` made ready for a generation: anything but `.parts` goes, and of `.parts`
    /// whatever no file of `keep` (SHA-256s) wants.
    public func prepare(keeping keep: Set<String>) throws(Failure) {
        for folder in [root, incoming, parts] where mkdir(folder, 0o755) != 0 && errno != EEXIST {
            throw Failure(message: "cannot make \(folder) (\(Sys.currentErrno))")
        }
        for name in FileOutput.names(in: incoming) ?? [] where name != ".parts" { removeTree(incoming + "/" + name, depth: 0) }
        for name in FileOutput.names(in: parts) ?? [] {
            let sha = name.hasSuffix(".part") ? String(name.dropLast(5)) : name
            if !keep.contains(sha) { removeTree(parts + "/" + name, depth: 0) }
        }
    }

    public func isVerified(_ sha: String) -> Bool { size(parts + "/" + sha) != nil }

    /// How much of a download is there already.
    public func partialSize(_ sha: String) -> Int64 { size(parts + "/" + sha + ".part") ?? 0 }

    public func removePartial(_ sha: String) { _ = unlink(parts + "/" + sha + ".part") }

    /// The download's file, opened to append (made when missing; never through a link).
    public func appendToPartial(_ sha: String) throws(Failure) -> ContentPartial {
        let path = parts + "/" + sha + ".part"
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(message: "cannot write \(path) (\(Sys.currentErrno))") }
        return ContentPartial(fd: fd, path: path)
    }

    /// The partial file's bytes, a chunk at a time (for its hash); false when it cannot be read.
    public func readPartial(_ sha: String, each: ([UInt8]) -> Void) -> Bool {
        let fd = open(parts + "/" + sha + ".part", O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return true }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            each(Array(buffer[0..<n]))
        }
    }

    /// A verified download keeps its hash for a name.
    public func markVerified(_ sha: String) throws(Failure) {
        guard rename(parts + "/" + sha + ".part", parts + "/" + sha) == 0 else {
            throw Failure(message: "cannot keep the download of \(sha.prefix(12)) (\(Sys.currentErrno))")
        }
    }

    /// Generation `n` made whole from `incoming/`: each file linked at its path from its
    /// verified download or from `reuse` (a generation's file with the same SHA-256), the
    /// manifest beside them, everything synced, then one rename. A failure leaves `incoming/`
    /// to the next try and every generation as it was.
    public func commit(_ n: Int, manifest bytes: [UInt8], files: [ContentManifest.File], reuse: [String: String]) throws(Failure) {
        for file in files {
            let target = incoming + "/" + file.path
            try makeParents(of: file.path)
            let source = isVerified(file.sha256) ? parts + "/" + file.sha256 : reuse[file.sha256]
            guard let source else { throw Failure(message: "\(file.path) was neither downloaded nor kept") }
            _ = unlink(target)
            guard link(source, target) == 0 else { throw Failure(message: "cannot place \(file.path) (\(Sys.currentErrno))") }
        }
        do throws(PlaybackError) {
            try FileOutput.write(bytes, to: incoming + "/manifest.json")
        } catch {
            throw Failure(message: error.message)
        }
        syncTree(incoming, depth: 0)
        removeTree(parts, depth: 0)
        // A folder of that number left over (one passed over at start as not whole) is not the
        // one playing, which is always older: it goes, or the rename could never succeed.
        removeTree(generationPath(n), depth: 0)
        guard rename(incoming, generationPath(n)) == 0 else { throw Failure(message: "cannot name gen-\(n) (\(Sys.currentErrno))") }
        syncFolder(root)
    }

    /// A generation's folder and everything in it.
    public func remove(_ n: Int) {
        removeTree(generationPath(n), depth: 0)
        syncFolder(root)
    }

    private func makeParents(of path: String) throws(Failure) {
        var folder = incoming
        for part in path.split(separator: "/").dropLast() {
            folder += "/" + part
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw Failure(message: "cannot make \(folder) (\(Sys.currentErrno))") }
        }
    }

    /// Removes `path` and, for a folder (not a link to one), what is in it; at most the depth a
    /// manifest's paths reach.
    private func removeTree(_ path: String, depth: Int) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        if st.st_mode & S_IFMT == S_IFDIR, depth < 12 {
            for name in FileOutput.names(in: path) ?? [] { removeTree(path + "/" + name, depth: depth + 1) }
            _ = rmdir(path)
        } else {
            _ = unlink(path)
        }
    }

    private func syncTree(_ path: String, depth: Int) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        if st.st_mode & S_IFMT == S_IFDIR, depth < 12 {
            for name in FileOutput.names(in: path) ?? [] where name != ".parts" { syncTree(path + "/" + name, depth: depth + 1) }
        }
        syncFolder(path)
    }

    private func syncFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
