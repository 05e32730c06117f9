/// Bytes written to a peer but not yet taken by its socket, in order. Sent bytes are skipped by
/// an offset and compacted now and then, so a slow reader costs no copying per write.
struct OutboundBuffer {
    private var bytes: [UInt8] = []
    private var head = 0

    var count: Int { bytes.count - head }
    var isEmpty: Bool { head == bytes.count }

    mutating func append(_ more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    func withUnsentBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[head...])) }
    }

    /// Marks the first `n` unsent bytes as sent.
    mutating func consume(_ n: Int) {
        precondition(n >= 0 && n <= count, "consumed \(n) of \(count) bytes")
        head += n
        if head == bytes.count {
            removeAll()
        } else if head >= 64 << 10, head * 2 >= bytes.count {
            // Moving what is left costs less than what was sent: amortised linear.
            bytes.removeFirst(head)
            head = 0
        }
    }

    /// Forgets every unsent byte and gives back a large buffer.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: bytes.capacity <= 64 << 10)
        head = 0
    }
}
