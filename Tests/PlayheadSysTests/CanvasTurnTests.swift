import PlayheadCore
import PlayheadSys
import Testing

/// A picture copied turned onto a screen's buffer: every pixel lands where the turn says, in
/// the destination rectangle only, for 4- and 2-byte pixels.
@Suite struct CanvasTurnTests {
    @Test(arguments: PictureRotation.allCases, [4, 2])
    func everyPixelLandsWhereTheTurnSays(_ turn: PictureRotation, bytesPerPixel: Int) {
        let stored = PixelSize(width: 3, height: 2)
        let format: FourCC = bytesPerPixel == 4 ? .xrgb8888 : .rgb565
        let picture = MappedCanvas(format: format, size: stored, bytesPerPixel: bytesPerPixel)
        // Pixel (x, y) holds 1 + x + 3y, so each is told apart.
        picture.withUnsafeMutableBytes { bytes in
            for y in 0..<stored.height {
                for x in 0..<stored.width {
                    let at = y * picture.stride + x * bytesPerPixel
                    if bytesPerPixel == 4 { bytes.storeBytes(of: UInt32(1 + x + 3 * y), toByteOffset: at, as: UInt32.self) }
                    else { bytes.storeBytes(of: UInt16(1 + x + 3 * y), toByteOffset: at, as: UInt16.self) }
                }
            }
        }
        let screen = MappedCanvas(format: format, size: PixelSize(width: 6, height: 5), bytesPerPixel: bytesPerPixel)
        let place = PixelRect(x: 2, y: 1, width: turn.upright(stored).width, height: turn.upright(stored).height)
        screen.copy(picture, turnedBy: turn, into: place, bytesPerPixel: bytesPerPixel)
        var want = [Int](repeating: 0, count: 30)
        for y in 0..<stored.height {
            for x in 0..<stored.width {
                let p = turn.uprightPoint(x: x, y: y, stored: stored)
                want[(place.y + p.y) * 6 + place.x + p.x] = 1 + x + 3 * y
            }
        }
        let got = screen.withUnsafeMutableBytes { bytes in
            (0..<30).map { i in
                let at = (i / 6) * screen.stride + (i % 6) * bytesPerPixel
                return bytesPerPixel == 4 ? Int(bytes.load(fromByteOffset: at, as: UInt32.self))
                                          : Int(bytes.load(fromByteOffset: at, as: UInt16.self))
            }
        }
        #expect(got == want)
    }

    /// A destination of the wrong size (or off the canvas) is left alone rather than overrun.
    @Test func aMisfittingPlaceIsRefused() {
        let picture = MappedCanvas(format: .xrgb8888, size: PixelSize(width: 3, height: 2), bytesPerPixel: 4)
        picture.fill(PixelRect(x: 0, y: 0, width: 3, height: 2), pixel: 7)
        let screen = MappedCanvas(format: .xrgb8888, size: PixelSize(width: 4, height: 4), bytesPerPixel: 4)
        screen.copy(picture, turnedBy: .clockwise90, into: PixelRect(x: 0, y: 0, width: 3, height: 2), bytesPerPixel: 4)
        screen.copy(picture, turnedBy: .none, into: PixelRect(x: 2, y: 3, width: 3, height: 2), bytesPerPixel: 4)
        #expect((0..<4).allSatisfy { y in (0..<4).allSatisfy { x in screen.pixel32(x: x, y: y) == 0 } })
    }
}
