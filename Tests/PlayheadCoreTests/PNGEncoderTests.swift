import Testing
@testable import PlayheadCore

@Suite struct PNGEncoderTests {
    @Test func checksumsMatchKnownValues() {
        // Standard check values for "123456789".
        let digits = Array("123456789".utf8)
        #expect(PNGEncoder.crc32(digits) == 0xCBF4_3926)
        #expect(PNGEncoder.adler32(digits) == 0x091E_01DE)
    }

    @Test func headerAndSizeAreRight() {
        let w = 300, h = 250  // more than one 64 KiB stored block
        let rgb = (0..<(w * h * 3)).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let png = PNGEncoder.encode(width: w, height: h, rgb: rgb)
        #expect(Array(png.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        #expect(Array(png[16..<24]) == [0, 0, 1, 44, 0, 0, 0, 250])
        let raw = h * (1 + w * 3), blocks = (raw + 65534) / 65535
        #expect(png.count == 8 + 25 + (12 + 2 + raw + 5 * blocks + 4) + 12)
        #expect(Array(png.suffix(8).prefix(4)) == Array("IEND".utf8))
    }
}
