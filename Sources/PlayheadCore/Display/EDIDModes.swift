/// The modes of a display's EDID read from a file (`display-edid`), for an extender or switch
/// that hides the TV's own (the kernel's `drm.edid_firmware`, at run time): the detailed timings
/// of the base block, the first of them the display's preferred mode, then those of CEA-861
/// extension blocks. A file is hostile input: every length and checksum is checked.
public struct EDIDModes: Sendable, Hashable {
    /// The detailed timings, the preferred first.
    public let timings: [ModeTimings]
    /// The monitor's name descriptor, if it has one.
    public let name: String?

    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case size(Int)
        case header
        case checksum
        case noTimings

        public var description: String {
            switch self {
            case .size(let n): return "\(n) bytes, not an EDID (128 bytes per block)"
            case .header: return "it does not start with an EDID header"
            case .checksum: return "its first block's checksum is wrong (a damaged copy?)"
            case .noTimings: return "it describes no detailed timing to drive the display at"
            }
        }
    }

    /// The modes, the first preferred.
    public var modes: [DisplayMode] { timings.enumerated().map { $0.element.mode(preferred: $0.offset == 0) } }

    public static func parse(_ bytes: [UInt8]) -> Result<EDIDModes, Failure> {
        guard bytes.count >= 128, bytes.count % 128 == 0, bytes.count <= 256 * 128 else { return .failure(.size(bytes.count)) }
        guard Array(bytes[0..<8]) == [0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0] else { return .failure(.header) }
        guard checksumOK(bytes, block: 0) else { return .failure(.checksum) }
        var timings: [ModeTimings] = []
        var name: String?
        for offset in stride(from: 54, to: 126, by: 18) {
            if let t = detailed(bytes, at: offset) {
                timings.append(t)
            } else if bytes[offset + 3] == 0xFC {
                name = text(bytes[(offset + 5)..<(offset + 18)])
            }
        }
        // CEA-861 extensions (tag 2): their detailed timings start where byte 2 says.
        let blocks = min(Int(bytes[126]), bytes.count / 128 - 1)
        if blocks > 0 {
            for block in 1...blocks where bytes[block * 128] == 0x02 && checksumOK(bytes, block: block) {
                let base = block * 128, start = Int(bytes[base + 2])
                guard start >= 4 else { continue }
                for offset in stride(from: base + start, through: base + 127 - 18, by: 18) {
                    guard let t = detailed(bytes, at: offset) else { break }
                    timings.append(t)
                }
            }
        }
        guard !timings.isEmpty else { return .failure(.noTimings) }
        return .success(EDIDModes(timings: timings, name: name))
    }

    private static func checksumOK(_ bytes: [UInt8], block: Int) -> Bool {
        bytes[(block * 128)..<(block * 128 + 128)].reduce(UInt8(0), &+) == 0
    }

    /// An 18-byte detailed timing descriptor; nil for another descriptor (clock 0) or one whose
    /// spans do not add up.
    private static func detailed(_ b: [UInt8], at o: Int) -> ModeTimings? {
        let clock = (Int(b[o]) | Int(b[o + 1]) << 8) * 10
        guard clock > 0 else { return nil }
        let hActive = Int(b[o + 2]) | Int(b[o + 4] & 0xF0) << 4
        let hBlank = Int(b[o + 3]) | Int(b[o + 4] & 0x0F) << 8
        let vActive = Int(b[o + 5]) | Int(b[o + 7] & 0xF0) << 4
        let vBlank = Int(b[o + 6]) | Int(b[o + 7] & 0x0F) << 8
        let hFront = Int(b[o + 8]) | Int(b[o + 11] & 0xC0) << 2
        let hSync = Int(b[o + 9]) | Int(b[o + 11] & 0x30) << 4
        let vFront = Int(b[o + 10] >> 4) | Int(b[o + 11] & 0x0C) << 2
        let vSync = Int(b[o + 10] & 0x0F) | Int(b[o + 11] & 0x03) << 4
        let flags = b[o + 17]
        // Digital separate sync (bits 4-3 set) carries both polarities; other kinds say less.
        let separate = flags & 0x18 == 0x18
        let t = ModeTimings(clockKilohertz: clock,
                            h: (hActive, hActive + hFront, hActive + hFront + hSync, hActive + hBlank),
                            v: (vActive, vActive + vFront, vActive + vFront + vSync, vActive + vBlank),
                            hSyncPositive: separate ? flags & 0x02 != 0 : true, vSyncPositive: separate ? flags & 0x04 != 0 : true,
                            isInterlaced: flags & 0x80 != 0)
        return t.isWellFormed ? t : nil
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
        let printable = bytes.prefix { $0 != 0x0A && $0 != 0 }.filter { (0x20..<0x7F).contains($0) }
        let s = String(decoding: printable, as: UTF8.self).trimmingSpaces
        return s.isEmpty ? nil : s
    }
}

