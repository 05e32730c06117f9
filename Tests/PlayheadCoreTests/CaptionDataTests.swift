import PlayheadCore
import Testing

/// A/53 caption bytes found in H.264 packets built here by hand: stored with lengths (MP4) or
/// start codes (MPEG-TS), an emulation prevention byte inside, and damaged ones.
@Suite struct CaptionDataTests {
    /// An SEI NAL (type 6) with one A/53 message of `triplets`, escaped as the encoder must.
    static func sei(_ triplets: [UInt8]) -> [UInt8] {
        let payload: [UInt8] = [0xb5, 0x00, 0x31] + Array("GA94".utf8) + [0x03, 0x40 | UInt8(triplets.count / 3), 0xff] + triplets + [0xff]
        let rbsp: [UInt8] = [4, UInt8(payload.count)] + payload + [0x80]
        var escaped: [UInt8] = []
        var zeros = 0
        for b in rbsp {
            if zeros >= 2 && b <= 3 {
                escaped.append(3)
                zeros = 0
            }
            zeros = b == 0 ? zeros + 1 : 0
            escaped.append(b)
        }
        return [0x06] + escaped
    }

    static let picture: [UInt8] = [0x65, 0x88, 0x84, 0x00, 0x10]

    static func withLengths(_ units: [[UInt8]]) -> [UInt8] {
        units.flatMap { u in [0, 0, UInt8(u.count >> 8), UInt8(u.count & 0xff)] + u }
    }

    @Test func theTripletsOfAnMP4PacketAreFoundBesideThePicture() {
        let cc: [UInt8] = [0xfc, 0x94, 0x20, 0xfc, 0x94, 0x20]
        #expect(CaptionData.triplets(in: Self.withLengths([Self.sei(cc), Self.picture]), lengthSize: 4) == cc)
    }

    @Test func anEmulationPreventionByteIsTakenOut() {
        // 00 00 01 inside the message is sent as 00 00 03 01.
        let cc: [UInt8] = [0xfc, 0x80, 0x00, 0x00, 0x01, 0x80]
        let nal = Self.sei(cc)
        #expect(zip(nal, zip(nal.dropFirst(), nal.dropFirst(2))).contains { $0 == 0 && $1.0 == 0 && $1.1 == 3 }, "the test's SEI was not escaped")
        #expect(CaptionData.triplets(in: Self.withLengths([nal]), lengthSize: 4) == cc)
    }

    @Test func startCodesAsInMPEGTS() {
        let cc: [UInt8] = [0xfc, 0xc8, 0xc5]
        let packet: [UInt8] = [0, 0, 0, 1, 0x09, 0xf0] + [0, 0, 1] + Self.sei(cc) + [0, 0, 1] + Self.picture
        #expect(CaptionData.triplets(in: packet, lengthSize: nil) == cc)
    }

    @Test func otherSEIAndDamagedPacketsGiveNothingAndNeverReadPast() {
        // Another T.35 message (a provider's own), and a picture alone.
        var other = Self.sei([0xfc, 1, 2])
        other[5] = 0x3c
        #expect(CaptionData.triplets(in: Self.withLengths([other, Self.picture]), lengthSize: 4).isEmpty)
        // A length past the end, a message size past the end, a count past the bytes there.
        let good = Self.withLengths([Self.sei([0xfc, 0x94, 0x20])])
        var long = good
        long[3] = 0xff
        #expect(CaptionData.triplets(in: long, lengthSize: 4).isEmpty)
        var size = good
        size[6] = 0xf0
        #expect(CaptionData.triplets(in: size, lengthSize: 4).isEmpty)
        var count = good
        count[4 + 1 + 2 + 8] = 0x5f
        #expect(CaptionData.triplets(in: count, lengthSize: 4).count <= 3)
        for cut in 0..<good.count { _ = CaptionData.triplets(in: Array(good.prefix(cut)), lengthSize: 4) }
    }
}
