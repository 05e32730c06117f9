import CFFmpeg

/// SHA-256 through libavutil's (FFmpeg is linked already; no second crypto library for one
/// hash). One per file hashed, on one thread.
public final class SHA256Digest {
    private let context: OpaquePointer?

    public init() {
        context = av_sha_alloc()
        if let context { av_sha_init(context, 256) }
    }

    deinit { av_free(UnsafeMutableRawPointer(context)) }

    public func update(_ bytes: [UInt8]) {
        guard let context, !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { av_sha_update(context, $0.baseAddress, $0.count) }
    }

    /// The digest in lowercase hexadecimal; nil when libavutil had no memory for it.
    public func finish() -> String? {
        guard let context else { return nil }
        var digest = [UInt8](repeating: 0, count: 32)
        av_sha_final(context, &digest)
        let hex = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 15)]] }, as: UTF8.self)
    }
}
