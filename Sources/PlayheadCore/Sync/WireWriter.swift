/// Big-endian fields into a datagram.
struct WireWriter {
    private(set) var bytes: [UInt8] = []

    mutating func u8(_ v: UInt8) { bytes.append(v) }

    mutating func u32(_ v: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: v >> UInt32(shift))) }
    }

    mutating func u64(_ v: UInt64) {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: v >> UInt64(shift))) }
    }

    mutating func i64(_ v: Int64) { u64(UInt64(bitPattern: v)) }
    mutating func i32(_ v: Int32) { u32(UInt32(bitPattern: v)) }

    /// A length byte and UTF-8, cut to `max` bytes on a character boundary.
    mutating func text(_ s: String, max: Int) {
        var utf8 = Array(s.utf8.prefix(max))
        while !utf8.isEmpty, String(validating: utf8, as: UTF8.self) == nil { utf8.removeLast() }
        u8(UInt8(utf8.count))
        bytes += utf8
    }
}
