import PlayheadCore
import PlayheadSys
import Testing

/// Layers drawn together in software: an opaque layer is copied into its place, clipped to the
/// screen; an overlay's premultiplied colours are blended over what is under them as a plane's
/// default blend does (colour plus under times one less alpha).
@Suite struct CanvasComposeTests {
    private func canvas(_ w: Int, _ h: Int, _ pixel: (Int, Int) -> UInt32) -> MappedCanvas {
        let c = MappedCanvas(format: .argb8888, size: PixelSize(width: w, height: h), bytesPerPixel: 4)
        for y in 0..<h { for x in 0..<w { c.fill(PixelRect(x: x, y: y, width: 1, height: 1), pixel: pixel(x, y)) } }
        return c
    }

    private func pixels(_ c: MappedCanvas) -> [UInt32] {
        (0..<c.size.height).flatMap { y in (0..<c.size.width).map { x in c.pixel32(x: x, y: y) } }
    }

    @Test func anOpaqueLayerIsCopiedIntoItsPlaceAndClipped() {
        let screen = canvas(4, 3) { _, _ in 0 }
        let layer = canvas(3, 2) { x, y in UInt32(0xFF00_0000 | (y * 16 + x + 1)) }
        screen.compose(layer, x: 2, y: 1, blend: false)
        var want = [UInt32](repeating: 0, count: 12)
        want[1 * 4 + 2] = 0xFF00_0001
        want[1 * 4 + 3] = 0xFF00_0002
        want[2 * 4 + 2] = 0xFF00_0011
        want[2 * 4 + 3] = 0xFF00_0012
        #expect(pixels(screen) == want)
    }

    @Test func aLayerPartlyLeftOfAndAboveTheScreenShowsItsOtherPart() {
        let screen = canvas(2, 2) { _, _ in 0 }
        let layer = canvas(2, 2) { x, y in UInt32(0xFF00_0000 | (y * 16 + x + 1)) }
        screen.compose(layer, x: -1, y: -1, blend: false)
        #expect(pixels(screen) == [0xFF00_0012, 0, 0, 0])
    }

    @Test func premultipliedAlphaBlendsOverWhatIsUnder() {
        // Under: grey 200 everywhere. Over: clear, opaque red, half-opaque blue (premultiplied:
        // 0x80 alpha with blue 0x80), and black at alpha 1.
        let screen = canvas(4, 1) { _, _ in 0xFFC8_C8C8 }
        let over: [UInt32] = [0x0000_0000, 0xFFFF_0000, 0x8000_0080, 0x0100_0000]
        let layer = canvas(4, 1) { x, _ in over[x] }
        screen.compose(layer, x: 0, y: 0, blend: true)
        // 200 * (255 - 128) / 255 = 99.6: 100; blue 128 + 100 = 228. 200 * 254 / 255 = 199.2: 199.
        #expect(pixels(screen) == [0xFFC8_C8C8, 0xFFFF_0000, 0xFF64_64E4, 0xFFC7_C7C7])
    }

    @Test func blendingNeverOverflowsAByte() {
        let screen = canvas(1, 1) { _, _ in 0xFFFF_FFFF }
        // Colours larger than their alpha (not premultiplied): clamped, not wrapped.
        let layer = canvas(1, 1) { _, _ in 0x80FF_FFFF }
        screen.compose(layer, x: 0, y: 0, blend: true)
        #expect(pixels(screen) == [0xFFFF_FFFF])
    }
}
