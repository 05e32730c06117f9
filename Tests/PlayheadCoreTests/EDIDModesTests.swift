@testable import PlayheadCore
import Testing

/// EDIDs built byte by byte as displays carry them (VESA E-EDID 1.4 and CEA-861's extension).
struct EDIDModesTests {
    /// 1920x1080@60 as almost every TV's first detailed timing carries it.
    static let fullHD: [UInt8] = [0x02, 0x3A, 0x80, 0x18, 0x71, 0x38, 0x2D, 0x40, 0x58, 0x2C, 0x45, 0x00, 0, 0, 0, 0, 0, 0x1E]
    /// 1280x720@60.
    static let hd: [UInt8] = [0x01, 0x1D, 0x00, 0x72, 0x51, 0xD0, 0x1E, 0x20, 0x6E, 0x28, 0x55, 0x00, 0, 0, 0, 0, 0, 0x1E]

    static func block(_ fill: (inout [UInt8]) -> Void) -> [UInt8] {
        var b = [UInt8](repeating: 0, count: 128)
        fill(&b)
        b[127] = 0 &- b[0..<127].reduce(UInt8(0), &+)
        return b
    }

    static func edid(timing: [UInt8]? = fullHD, name: String? = "LOBBY TV", extensionTiming: [UInt8]? = nil) -> [UInt8] {
        var bytes = block { b in
            b.replaceSubrange(0..<8, with: [0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0])
            b[18] = 1
            b[19] = 4
            if let timing { b.replaceSubrange(54..<72, with: timing) }
            if let name {
                let text = Array(name.utf8.prefix(13)) + [0x0A]
                b.replaceSubrange(72..<77, with: [0, 0, 0, 0xFC, 0])
                b.replaceSubrange(77..<(77 + text.count), with: text)
                for i in (77 + text.count)..<90 { b[i] = 0x20 }
            }
            b[126] = extensionTiming == nil ? 0 : 1
        }
        if let extensionTiming {
            bytes += block { b in
                b[0] = 0x02
                b[1] = 3
                b[2] = 4
                b.replaceSubrange(4..<22, with: extensionTiming)
            }
        }
        return bytes
    }

    @Test func theFirstDetailedTimingIsThePreferredMode() throws {
        let edid = try EDIDModes.parse(Self.edid()).get()
        #expect(edid.name == "LOBBY TV")
        #expect(edid.timings == [ForcedMode.cea(width: 1920, height: 1080, hz: 60)!])
        #expect(edid.modes.map(\.description) == ["1920x1080@60 (preferred)"])
        #expect(edid.modes.first?.timings?.clockKilohertz == 148_500)
    }

    @Test func anExtensionBlocksTimingsFollow() throws {
        let edid = try EDIDModes.parse(Self.edid(extensionTiming: Self.hd)).get()
        #expect(edid.modes.map(\.description) == ["1920x1080@60 (preferred)", "1280x720@60"])
        #expect(edid.timings[1] == ForcedMode.cea(width: 1280, height: 720, hz: 60)!)
    }

    @Test func aDamagedOrForeignFileIsRefusedSayingWhy() {
        var damaged = Self.edid()
        damaged[60] ^= 0x01
        #expect(EDIDModes.parse(damaged) == .failure(.checksum))
        var foreign = Self.edid()
        foreign[1] = 0
        #expect(EDIDModes.parse(foreign) == .failure(.header))
        #expect(EDIDModes.parse(Array(Self.edid().prefix(100))) == .failure(.size(100)))
        #expect(EDIDModes.parse(Array("not an edid".utf8)) == .failure(.size(11)))
        #expect(EDIDModes.parse(Self.edid(timing: nil)) == .failure(.noTimings))
        #expect(EDIDModes.Failure.checksum.description.contains("checksum"))
    }

    @Test func anExtensionWithABadChecksumIsLeftOut() throws {
        var bytes = Self.edid(extensionTiming: Self.hd)
        bytes[140] ^= 0xFF
        #expect(try EDIDModes.parse(bytes).get().timings.count == 1)
    }

    @Test func aTimingWhoseSpansDoNotAddUpIsLeftOut() {
        var broken = Self.fullHD
        // The sync pulse past the blanking: no display could be driven so.
        broken[8] = 0xFF
        broken[11] = 0xC0
        #expect(EDIDModes.parse(Self.edid(timing: broken)) == .failure(.noTimings))
    }
}
