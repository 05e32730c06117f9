/// What an HDMI card's `ELD` control says of the sink on its cable (the EDID-Like Data a driver
/// builds from the TV's EDID): whether a sink is there at all, and its name. An HDMI card with
/// no jack control (the Raspberry Pi's vc4-hdmi) says a TV came only here: empty bytes, or a
/// version of 0, mean no sink. Bytes from a driver are hostile too: every length is checked.
public struct HDMISinkInfo: Sendable, Hashable {
    /// The monitor's name, when the ELD carries one.
    public let name: String?

    /// nil when no sink is there (or the bytes are not an ELD).
    public init?(eld bytes: [UInt8]) {
        // The header is 4 bytes and the baseline block at least 16 more.
        guard bytes.count >= 20 else { return nil }
        let version = bytes[0] >> 3
        let baselineBytes = Int(bytes[2]) * 4
        guard version == 2, baselineBytes >= 16, 4 + baselineBytes <= bytes.count else { return nil }
        let nameLength = Int(bytes[4] & 0x1F)
        guard nameLength > 0, 20 + nameLength <= 4 + baselineBytes else {
            name = nil
            return
        }
        let text = bytes[20..<(20 + nameLength)].prefix { $0 != 0 }.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: "?") }
        name = text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
    }
}
