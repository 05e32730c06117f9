import PlayheadCore
import Testing

/// ELD bytes as HDA and vc4-hdmi drivers give them (ELD version 2, CEA-861-D).
struct HDMISinkInfoTests {
    /// A TV called "LG TV SSCR2" with one short audio descriptor (LPCM 2 ch).
    static func eld(name: String = "LG TV SSCR2") -> [UInt8] {
        var b = [UInt8](repeating: 0, count: 36)
        b[0] = 2 << 3
        b[2] = 8  // baseline: 32 bytes
        b[4] = (3 << 5) | UInt8(name.utf8.count)
        b[5] = 1 << 4
        b.replaceSubrange(20..<(20 + name.utf8.count), with: Array(name.utf8))
        return b
    }

    @Test func aSinkIsThereWithItsName() {
        #expect(HDMISinkInfo(eld: Self.eld())?.name == "LG TV SSCR2")
    }

    @Test func noSinkMeansEmptyOrZeroedBytes() {
        #expect(HDMISinkInfo(eld: []) == nil)
        #expect(HDMISinkInfo(eld: [UInt8](repeating: 0, count: 128)) == nil)
    }

    @Test func lengthsBeyondTheBytesAreNotTrusted() {
        var long = Self.eld()
        long[2] = 60  // a baseline of 240 bytes in 36
        #expect(HDMISinkInfo(eld: long) == nil)
        var name = Self.eld()
        name[4] = 0x1F  // a 31-character name past the baseline's end: a sink, no name
        #expect(HDMISinkInfo(eld: name) != nil)
        #expect(HDMISinkInfo(eld: name)?.name == nil)
        var control = Self.eld(name: "TV\u{1B}[2J")
        control[2] = 8
        #expect(HDMISinkInfo(eld: control)?.name == "TV?[2J")
    }
}
