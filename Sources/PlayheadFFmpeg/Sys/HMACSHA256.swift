import CFFmpeg

/// HMAC-SHA-256 through libavutil (linked already): a sync group's key proves its datagrams.
public final class HMACSHA256: @unchecked Sendable {
    private let context: OpaquePointer?
    private let key: [UInt8]

    /// Nil when libavutil has no memory for it.
    public init?(key: [UInt8]) {
        guard let c = av_hmac_alloc(AV_HMAC_SHA256) else { return nil }
        context = c
        self.key = key
    }

    deinit { av_hmac_free(context) }

    /// The 32-byte tag of `bytes`. Not for two threads at once (one context).
    public func tag(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        let n = bytes.withUnsafeBufferPointer { data in
            key.withUnsafeBufferPointer { k in
                av_hmac_calc(context, data.baseAddress, UInt32(data.count), k.baseAddress, UInt32(k.count), &out, 32)
            }
        }
        return n == 32 ? out : []
    }
}
