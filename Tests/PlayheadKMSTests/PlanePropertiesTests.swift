import PlayheadCore
import Testing
@testable import PlayheadKMS

/// A plane's properties are looked up once into a typed struct; a missing one is named.
@Suite struct PlanePropertiesTests {
    static let names = ["FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H", "CRTC_X", "CRTC_Y", "CRTC_W", "CRTC_H"]
    static var vkms: [String: (id: UInt32, value: UInt64)] {
        var table: [String: (id: UInt32, value: UInt64)] = [:]
        for (i, n) in names.enumerated() { table[n] = (UInt32(40 + i), 0) }
        table["rotation"] = (60, 1)
        table["COLOR_ENCODING"] = (61, 0)
        table["COLOR_RANGE"] = (62, 0)
        return table
    }

    static func enums(_ id: UInt32) -> [String: UInt64] {
        switch id {
        case 60: return ["rotate-0": 0, "rotate-90": 1, "rotate-180": 2, "rotate-270": 3, "reflect-x": 4]
        case 61: return ["ITU-R BT.601 YCbCr": 0, "ITU-R BT.709 YCbCr": 1]
        case 62: return ["YCbCr limited range": 0, "YCbCr full range": 1]
        default: return [:]
        }
    }

    @Test func everyCommitValueComesFromTheStruct() throws {
        let p = try PlaneProperties(plane: 31, table: Self.vkms, device: "/dev/dri/card0", enumValues: Self.enums)
        #expect(p.turns == [.none, .clockwise90, .upsideDown, .clockwise270])
        let values = p.values(framebuffer: 7, crtc: 33, source: PixelRect(x: 0, y: 0, width: 320, height: 240),
                              destination: PixelRect(x: 10, y: 20, width: 640, height: 480), rotation: .clockwise90)
        // "rotate-270" (counter-clockwise, as DRM counts) is bit 3.
        #expect(values.map(\.property.name) == Self.names + ["rotation"])
        #expect(values.map(\.value) == [7, 33, 0, 0, 320 << 16, 240 << 16, 10, 20, 640, 480, 1 << 3])
        #expect(Set(values.map(\.object)) == [31])
        let colour = p.colorValues(YUVColorimetry(encoding: .bt709, range: .full))
        #expect(colour.map(\.property.id) == [61, 62] && colour.map(\.value) == [1, 1])
        #expect(p.off.map(\.property.name) == ["FB_ID", "CRTC_ID"] && p.off.allSatisfy { $0.value == 0 })
    }

    @Test func aMissingPropertyIsNamed() {
        var table = Self.vkms
        table["SRC_H"] = nil
        table["rotation"] = nil
        do throws(PlaybackError) {
            _ = try PlaneProperties(plane: 31, table: table, device: "/dev/dri/card0", enumValues: Self.enums)
            Issue.record("a plane without SRC_H was taken")
        } catch {
            #expect(error.message == "/dev/dri/card0: plane 31 has no SRC_H property")
        }
        table["SRC_H"] = (45, 0)
        let p = try? PlaneProperties(plane: 31, table: table, device: "/dev/dri/card0", enumValues: Self.enums)
        // Without a rotation property nothing is turned, and no value is sent for it.
        #expect(p?.turns.isEmpty == true)
        #expect(p?.values(framebuffer: 7, crtc: 33, source: PixelRect(x: 0, y: 0, width: 1, height: 1),
                          destination: PixelRect(x: 0, y: 0, width: 1, height: 1)).count == 10)
    }
}
