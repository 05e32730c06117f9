import PlayheadCore
@testable import PlayheadText
import PlayheadSys
import Testing

/// The fast ways of drawing subtitles' pictures give what the plain ways gave: the bilinear
/// scaling of bitmap pictures in whole numbers, and a layer's picture copied a row at a time.
@Suite struct BitmapCanvasTests {
    /// 7x5 indices over a 16-colour palette of every alpha and colour, so that every tap mixes
    /// different colours.
    static let image: SubtitleImage = {
        let indices: [UInt8] = (0..<35).map { (i: Int) -> UInt8 in UInt8((i * 7 + i / 7) % 17) }
        let palette: [UInt32] = (0..<16).map { (i: Int) -> UInt32 in
            let a = UInt32(i * 17), r = UInt32(255 - i * 13), g = UInt32(i * 9), b = UInt32(40 + i * 11)
            return a << 24 | r << 16 | g << 8 | b
        }
        return SubtitleImage(x: 3, y: 2, width: 7, height: 5, indices: indices, palette: palette)!
    }()

    /// The bilinear mix of premultiplied colours in floating point, pixel by pixel, onto a clear
    /// canvas: what SubtitleCanvas drew before it worked in whole numbers.
    static func reference(size: PixelSize, scale: (x: Double, y: Double), left: Double, top: Double) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
        let image = Self.image
        let x0 = max(0, Int((left + Double(image.x) * scale.x).rounded()))
        let y0 = max(0, Int((top + Double(image.y) * scale.y).rounded()))
        let x1: Int = min(size.width, Int((left + Double(image.x + image.width) * scale.x).rounded()))
        let y1: Int = min(size.height, Int((top + Double(image.y + image.height) * scale.y).rounded()))
        for y in y0..<y1 {
            let sy = min(max((Double(y) + 0.5 - top) / scale.y - Double(image.y) - 0.5, 0), Double(image.height - 1))
            let row = Int(sy), below = min(row + 1, image.height - 1), fy = sy - Double(row)
            for x in x0..<x1 {
                let sx = min(max((Double(x) + 0.5 - left) / scale.x - Double(image.x) - 0.5, 0), Double(image.width - 1))
                let column = Int(sx), right = min(column + 1, image.width - 1), fx = sx - Double(column)
                typealias Colour = (b: Int, g: Int, r: Int, a: Int)
                let c: [Colour] = [image.premultipliedBGRA(column: column, row: row), image.premultipliedBGRA(column: right, row: row),
                                   image.premultipliedBGRA(column: column, row: below), image.premultipliedBGRA(column: right, row: below)]
                func mix(_ v: [Int]) -> UInt8 {
                    let upper: Double = Double(v[0]) + (Double(v[1]) - Double(v[0])) * fx
                    let lower: Double = Double(v[2]) + (Double(v[3]) - Double(v[2])) * fx
                    return UInt8(Int((upper + (lower - upper) * fy).rounded()))
                }
                let p = (y * size.width + x) * 4
                pixels[p] = mix(c.map { $0.b })
                pixels[p + 1] = mix(c.map { $0.g })
                pixels[p + 2] = mix(c.map { $0.r })
                pixels[p + 3] = mix(c.map { $0.a })
            }
        }
        return pixels
    }

    @Test(arguments: [PixelSize(width: 40, height: 30), PixelSize(width: 73, height: 41), PixelSize(width: 13, height: 9)])
    func scaledPicturesAreWithinOneOfTheFloatingPointMix(size: PixelSize) {
        // The cue's canvas 20x15 fitted into `size`, as SubtitleCanvas fits it.
        let canvas = PixelSize(width: 20, height: 15)
        let cue = SubtitleCue(startMilliseconds: 0, durationMilliseconds: 1000, images: [Self.image], canvas: canvas)
        let drawn = SubtitleCanvas.draw([cue], size: size)
        let fit = min(Double(size.width) / 20, Double(size.height) / 15)
        let want = Self.reference(size: size, scale: (fit, fit), left: (Double(size.width) - 20 * fit) / 2, top: (Double(size.height) - 15 * fit) / 2)
        let worst = zip(drawn, want).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1)
        #expect(want.contains { $0 > 0 }, "the picture lands on the canvas")
    }

    @Test func aPictureWhoseIndicesWereCutAfterItsCheckIsLeftOut() {
        var image = Self.image
        image.indices.removeLast(6)
        let cue = SubtitleCue(startMilliseconds: 0, durationMilliseconds: 1000, images: [image], canvas: PixelSize(width: 20, height: 15))
        #expect(!SubtitleCanvas.draw([cue], size: PixelSize(width: 40, height: 30)).contains { $0 != 0 })
    }

    /// A 5x3 picture of distinct bytes.
    static let layer = TextPicture(size: PixelSize(width: 5, height: 3), pixels: (0..<60).map { UInt8($0 * 4 + 1) })

    @Test(arguments: [FourCC.xrgb8888, .argb8888, .abgr8888])
    func aLayersPictureIsCopiedAsTheNearestPixelWayWould(format: FourCC) throws {
        // Unscaled into a larger canvas at an offset, part of it; and scaled twice as large.
        for (source, destination) in [(PixelRect(x: 1, y: 1, width: 3, height: 2), PixelRect(x: 2, y: 1, width: 3, height: 2)),
                                      (PixelRect(x: 0, y: 0, width: 5, height: 3), PixelRect(x: 0, y: 0, width: 10, height: 6))] {
            let canvas = MappedCanvas(format: format, size: PixelSize(width: 10, height: 6), bytesPerPixel: 4)
            try Self.layer.draw(source, into: canvas, at: destination)
            for y in 0..<6 {
                for x in 0..<10 {
                    let got = canvas.pixel32(x: x, y: y)
                    guard (destination.x..<destination.x + destination.width).contains(x), (destination.y..<destination.y + destination.height).contains(y) else {
                        #expect(got == 0)
                        continue
                    }
                    let sx = source.x + (x - destination.x) * source.width / destination.width
                    let sy = source.y + (y - destination.y) * source.height / destination.height
                    let b = Self.layer.pixels[(sy * 5 + sx) * 4 ..< (sy * 5 + sx) * 4 + 4].map(UInt32.init)
                    let swapped = format == .abgr8888
                    let want = (swapped ? b[2] : b[0]) | b[1] << 8 | (swapped ? b[0] : b[2]) << 16 | b[3] << 24
                    #expect(got == want, "\(format) at \(x),\(y)")
                }
            }
        }
    }
}
