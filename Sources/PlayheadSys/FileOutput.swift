import Glibc
import PlayheadCore

/// Whole-file writes (screenshots, captured frames), with an error that names the file.
public enum FileOutput {
    public static func write(_ bytes: [UInt8], to path: String) throws(PlaybackError) {
        guard let f = fopen(path, "wb") else {
            throw PlaybackError(.permissionDenied, "\(path): cannot write (\(Sys.errorDescription(errno))); check the folder exists and is writable")
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        let closed = fclose(f)
        guard written == bytes.count, closed == 0 else {
            throw PlaybackError(.readFailed, "\(path): the write was cut short; is the disk full?")
        }
    }

    public static func makeDirectory(_ path: String) throws(PlaybackError) {
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw PlaybackError(.permissionDenied, "\(path): cannot make the folder (\(Sys.errorDescription(errno)))")
        }
    }

    /// Removes a file; a missing one is no error.
    public static func remove(_ path: String) { _ = unlink(path) }

    /// Removes an empty folder; a missing one is no error.
    public static func removeDirectory(_ path: String) { _ = rmdir(path) }
}
