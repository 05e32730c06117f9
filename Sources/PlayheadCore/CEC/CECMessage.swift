/// One CEC frame: a header block (initiator and destination logical addresses, four bits each),
/// an optional opcode and up to 14 operand bytes. 15 is the broadcast destination (and the
/// unregistered initiator). Written and read as `cec-ctl` shows frames: `4f:82:10:00`.
public struct CECMessage: Sendable, Equatable, CustomStringConvertible {
    public static let broadcast: UInt8 = 15
    public static let tv: UInt8 = 0

    public let initiator: UInt8
    public let destination: UInt8
    /// The opcode byte; nil for a poll (a header alone).
    public let opcode: UInt8?
    public let operands: [UInt8]

    public init(from initiator: UInt8, to destination: UInt8, _ opcode: CECOpcode, _ operands: [UInt8] = []) {
        self.initiator = initiator & 0x0F
        self.destination = destination & 0x0F
        self.opcode = opcode.rawValue
        self.operands = Array(operands.prefix(14))
    }

    /// A frame as it came off the bus: nil when empty or longer than 16 bytes.
    public init?(bytes: [UInt8]) {
        guard let header = bytes.first, bytes.count <= 16 else { return nil }
        initiator = header >> 4
        destination = header & 0x0F
        opcode = bytes.count > 1 ? bytes[1] : nil
        operands = bytes.count > 2 ? Array(bytes[2...]) : []
    }

    public var bytes: [UInt8] {
        [initiator << 4 | destination] + (opcode.map { [$0] } ?? []) + operands
    }

    public var isBroadcast: Bool { destination == Self.broadcast }
    public var known: CECOpcode? { opcode.flatMap(CECOpcode.init(rawValue:)) }

    /// A physical address operand pair (`1.0.0.0` is 0x10 0x00) from operand `at`.
    public func physicalAddress(at index: Int = 0) -> CECPhysicalAddress? {
        guard operands.count >= index + 2 else { return nil }
        return CECPhysicalAddress(UInt16(operands[index]) << 8 | UInt16(operands[index + 1]))
    }

    /// `4f:82:10:00 (active-source 4->broadcast)`.
    public var description: String {
        let hex = bytes.map { b in (b < 16 ? "0" : "") + String(b, radix: 16) }.joined(separator: ":")
        let name = opcode.map { o in CECOpcode(rawValue: o)?.name ?? "opcode 0x\(String(o, radix: 16))" } ?? "poll"
        let to = isBroadcast ? "broadcast" : String(destination)
        return "\(hex) (\(name) \(initiator)->\(to))"
    }
}
