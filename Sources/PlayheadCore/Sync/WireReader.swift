/// Big-endian fields out of a datagram from anyone on the network: every read is bounded and
/// a short or malformed datagram reads as nil, never as a trap.
struct WireReader {
    private let bytes: [UInt8]
    private(set) var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { at == bytes.count }

    mutating func u8() -> UInt8? {
        guard at < bytes.count else { return nil }
        defer { at += 1 }
        return bytes[at]
    }

    mutating func u32() -> UInt32? { unsigned(UInt32.self) }
    mutating func u64() -> UInt64? { unsigned(UInt64.self) }

    private mutating func unsigned<T: FixedWidthInteger & UnsignedInteger>(_: T.Type) -> T? {
        let n = T.bitWidth / 8
        guard bytes.count - at >= n else { return nil }
        var v: T = 0
        for i in 0..<n { v = v << 8 | T(bytes[at + i]) }
        at += n
        return v
    }

    mutating func i64() -> Int64? { u64().map { Int64(bitPattern: $0) } }
    mutating func i32() -> Int32? { u32().map { Int32(bitPattern: $0) } }

    /// Valid UTF-8 of at most `max` bytes, else nil.
    mutating func text(max: Int) -> String? {
        guard let n = u8().map(Int.init), n <= max, bytes.count - at >= n else { return nil }
        defer { at += n }
        return String(validating: bytes[at..<at + n], as: UTF8.self)
    }
}
