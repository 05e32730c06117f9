import PlayheadCore
import PlayheadFFmpeg
import PlayheadSys

/// One file of a content generation fetched into the store: resumed from what an earlier try
/// left, never past its size, checked for room first, then hashed whole and kept only when it
/// matches its SHA-256 (a server that ignored the Range and sent the file again from its start
/// shows here as a mismatch, and the next try starts over). Blocking: the content thread's.
struct ContentDownload {
    let store: ContentStore
    let fetchGuard: FetchGuard
    let caFile: String?
    let timeoutSeconds: Int
    /// Bytes there so far, now and then, for `content`.
    let progress: (Int64) -> Void
    /// Room left beside the file on the disk, so that /data never fills up: a twentieth of it,
    /// at most 64 MB (the state file, the logs and uploads share it).
    static func reserve(ofTotal total: Int64) -> Int64 { min(64 << 20, total / 20) }

    func fetch(_ file: ContentManifest.File, from url: String) -> ContentSync.Outcome {
        if store.isVerified(file.sha256) { return .verified }
        var have = store.partialSize(file.sha256)
        if have > file.size {
            store.removePartial(file.sha256)
            have = 0
        }
        if have < file.size {
            if let (free, total) = store.space(), free - (file.size - have) < Self.reserve(ofTotal: total) {
                return .noRoom("\(Self.megabytes(free)) free on the disk, \(Self.megabytes(file.size - have)) wanted and "
                    + "\(Self.megabytes(Self.reserve(ofTotal: total))) kept free")
            }
            let partial: ContentPartial
            do throws(ContentStore.Failure) {
                partial = try store.appendToPartial(file.sha256)
            } catch {
                return .failed(error.message)
            }
            var writeFailure: ContentSync.Outcome?
            var got = have
            var reported = have
            let result = HTTPFetch.stream(url, from: have, timeoutSeconds: timeoutSeconds, caFile: caFile, guard: fetchGuard) { chunk in
                // More than the manifest's size: not the file it names.
                guard got + Int64(chunk.count) <= file.size else {
                    writeFailure = .mismatch
                    return false
                }
                guard partial.append(chunk) else {
                    writeFailure = partial.diskIsFull ? .noRoom(partial.errorText) : .failed("writing \(partial.path): \(partial.errorText)")
                    return false
                }
                got += Int64(chunk.count)
                if got - reported >= 1 << 20 {
                    reported = got
                    progress(got)
                }
                return true
            }
            let synced = partial.finish()
            if case .mismatch? = writeFailure {
                store.removePartial(file.sha256)
                return .mismatch
            }
            if let writeFailure { return writeFailure }
            if case .failure(let f) = result { return .failed(f.message) }
            guard synced else { return .failed("\(partial.path) could not be synced to the disk") }
            guard got == file.size else { return .failed("\(url) ended after \(got) of \(file.size) bytes") }
        }
        let digest = SHA256Digest()
        guard store.readPartial(file.sha256, each: { digest.update($0) }), let hash = digest.finish() else {
            return .failed("the download of \(file.path) cannot be read back")
        }
        guard hash == file.sha256 else {
            store.removePartial(file.sha256)
            return .mismatch
        }
        do throws(ContentStore.Failure) {
            try store.markVerified(file.sha256)
        } catch {
            return .failed(error.message)
        }
        return .verified
    }

    static func megabytes(_ bytes: Int64) -> String { ContentSync.megabytes(bytes) }
}
