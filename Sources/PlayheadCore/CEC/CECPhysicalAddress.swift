/// A device's place in the HDMI tree, four hex digits from the TV (`0.0.0.0`) down; `f.f.f.f`
/// is none (no hot-plug, or no EDID read yet).
public struct CECPhysicalAddress: Sendable, Equatable, CustomStringConvertible {
    public static let invalid = CECPhysicalAddress(0xFFFF)
    public let value: UInt16

    public init(_ value: UInt16) { self.value = value }

    public var isValid: Bool { value != 0xFFFF }
    public var operands: [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    public var description: String {
        [12, 8, 4, 0].map { String((value >> UInt16($0)) & 0xF, radix: 16) }.joined(separator: ".")
    }
}
