import PlayheadCore
import PlayheadSys

/// One picture of a ticker: the layer-wide window of its strip that starts `offset` pixels in,
/// the strip followed by an empty gap as wide as the box and then by itself again. Each
/// coverage value is looked up in a table of the 256 blends of the text's colour over the box,
/// B, G, R, A premultiplied as `TextRaster` blends them.
final class TickerPicture: VideoPicture {
    let size: PixelSize
    let strip: TextStrip
    let offset: Int
    /// Each coverage's pixel, in the byte order of an AR24 canvas.
    let palette: [(UInt8, UInt8, UInt8, UInt8)]

    init(size: PixelSize, strip: TextStrip, offset: Int, palette: [(UInt8, UInt8, UInt8, UInt8)]) {
        self.size = size
        self.strip = strip
        self.offset = offset
        self.palette = palette
    }

    /// The 256 pixels, one for each coverage value.
    static func palette(color: TextStyle.Color, background: TextStyle.Color) -> [(UInt8, UInt8, UInt8, UInt8)] {
        let bg = TextRaster.premultiplied(background)
        return (0..<256).map { cover in
            var p = [bg.b, bg.g, bg.r, bg.a]
            if cover > 0 { TextRaster.blend(&p, at: 0, cover: cover, color: color) }
            return (p[0], p[1], p[2], p[3])
        }
    }

    var pixelFormatName: String { "bgra" }

    /// The coverage at the window's `x`, `y`.
    func coverage(x: Int, y: Int) -> UInt8 {
        let period = strip.width + size.width
        let sx = (offset + x) % period
        return sx < strip.width && y < strip.height ? strip.coverage[y * strip.width + sx] : 0
    }

    func digest() -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for y in 0..<size.height {
            for x in 0..<size.width {
                let p = palette[Int(coverage(x: x, y: y))]
                for b in [p.0, p.1, p.2, p.3] { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            }
        }
        return h
    }

    func draw(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError) {
        try BGRADrawing.draw("a ticker", size: size, source, into: canvas, at: destination) { x, y in palette[Int(coverage(x: x, y: y))] }
    }
}
