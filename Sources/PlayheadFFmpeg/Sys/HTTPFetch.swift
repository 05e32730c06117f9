import CFFmpeg
import CShims
import PlayheadCore

/// A download through FFmpeg's own HTTP and TLS (the client that already fetches HTTP and HLS
/// items), for content sync: a manifest read whole, a file streamed from an offset (an HTTP
/// Range, so a cut download goes on where it stopped). Every blocking wait is bounded by the
/// guard's deadline, moved on at each read (a server that stalls fails after `timeout`), and
/// `FetchGuard.abort` ends a read at once from another thread (shutdown). Blocking: called on
/// the content thread only.
public enum HTTPFetch {
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The body of `url`, whole; a body over `limit` bytes fails.
    public static func bytes(_ url: String, limit: Int, timeoutSeconds: Int, caFile: String?, guard fetchGuard: FetchGuard) -> Result<[UInt8], Failure> {
        var body: [UInt8] = []
        var over = false
        let result = stream(url, from: 0, timeoutSeconds: timeoutSeconds, caFile: caFile, guard: fetchGuard) { chunk in
            guard body.count + chunk.count <= limit else {
                over = true
                return false
            }
            body += chunk
            return true
        }
        if over { return .failure(Failure(message: "\(url) is over \(limit >> 10) KB")) }
        return result.map { _ in body }
    }

    /// `url` from byte `offset` on, each chunk handed to `write` (false stops the download
    /// there). Returns how many bytes came.
    public static func stream(_ url: String, from offset: Int64, timeoutSeconds: Int, caFile: String?, guard fetchGuard: FetchGuard,
                              write: ([UInt8]) -> Bool) -> Result<Int64, Failure> {
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            return .failure(Failure(message: "\(url) is not an http:// or https:// address"))
        }
        let timeout = Int64(timeoutSeconds) * 1_000_000_000
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        // The network only: a server's redirect never reaches the board's files.
        av_dict_set(&options, "protocol_whitelist", "http,https,tls,tcp", 0)
        av_dict_set(&options, "rw_timeout", String(timeout / 1000), 0)
        av_dict_set(&options, "timeout", String(timeout / 1000), 0)
        av_dict_set(&options, "user_agent", "playhead", 0)
        if offset > 0 { av_dict_set(&options, "offset", String(offset), 0) }
        if let caFile, url.hasPrefix("https://") {
            av_dict_set(&options, "tls_verify", "1", 0)
            av_dict_set(&options, "ca_file", caFile, 0)
        }
        var pb: UnsafeMutablePointer<AVIOContext>?
        fetchGuard.extend(by: timeout)
        let rc = withUnsafeMutablePointer(to: &options) { opts in
            playhead_avio_open_guarded(&pb, url, fetchGuard.raw, opts)
        }
        guard rc >= 0, let pb else { return .failure(failure("open", url, rc, fetchGuard)) }
        defer { var p: UnsafeMutablePointer<AVIOContext>? = pb; avio_closep(&p) }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var total: Int64 = 0
        while true {
            fetchGuard.extend(by: timeout)
            let n = buffer.withUnsafeMutableBufferPointer { avio_read(pb, $0.baseAddress, Int32($0.count)) }
            if n == FFmpegError.endOfFile || n == 0 { return .success(total) }
            guard n > 0 else { return .failure(failure("read", url, n, fetchGuard)) }
            total += Int64(n)
            guard write(Array(buffer[0..<Int(n)])) else { return .success(total) }
        }
    }

    private static func failure(_ step: String, _ url: String, _ code: Int32, _ fetchGuard: FetchGuard) -> Failure {
        if fetchGuard.aborted { return Failure(message: "\(url): stopped") }
        // The guard's deadline is the only other reason FFmpeg is told to give up (AVERROR_EXIT).
        if fetchGuard.expired || code == FFmpegError.exit { return Failure(message: "\(url): no answer within the timeout (\(step))") }
        return Failure(message: "\(url): \(step): \(FFmpegError.describe(code))")
    }
}

/// Bounds a download's waits and stops it from another thread; one per downloading thread.
public final class FetchGuard: @unchecked Sendable {
    let raw: OpaquePointer

    public init?() {
        guard let g = playhead_io_guard_create() else { return nil }
        raw = g
    }

    deinit { playhead_io_guard_free(raw) }

    /// Makes every wait of the download in progress, and of those to come, return at once.
    public func abort() { playhead_io_guard_abort(raw) }

    public var aborted: Bool { playhead_io_guard_aborted(raw) != 0 }
    var expired: Bool { playhead_io_guard_expired(raw) != 0 }

    func extend(by nanoseconds: Int64) { playhead_io_guard_set_deadline(raw, playhead_monotonic_ns() + nanoseconds) }
}
