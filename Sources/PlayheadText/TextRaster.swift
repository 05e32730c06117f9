import PlayheadCore

/// Shaped, drawn glyphs laid into a layer-sized picture: the line centred across and on the
/// font's middle up and down, each glyph's coverage blended in the text's colour over the
/// background box. Pixels come out as B, G, R, A bytes with the colour premultiplied, as planes
/// blend them. Integer arithmetic throughout, so that a check can draw the same bytes.
enum TextRaster {
    static func draw(_ glyphs: [(shape: ShapedGlyph, bitmap: GlyphBitmap?)], size: PixelSize, ascender: Int, descender: Int,
                     color: TextStyle.Color, background: TextStyle.Color) -> [UInt8] {
        let w = size.width, h = size.height
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let bg = premultiplied(background)
        for i in 0..<(w * h) {
            pixels[i * 4] = bg.b
            pixels[i * 4 + 1] = bg.g
            pixels[i * 4 + 2] = bg.r
            pixels[i * 4 + 3] = bg.a
        }
        let total = glyphs.reduce(0) { $0 + $1.shape.xAdvance }
        let startX = (w - ((total + 32) >> 6)) / 2
        let baseline = ((h * 64 + ascender + descender) / 2 + 32) >> 6
        var pen = 0
        for (shape, bitmap) in glyphs {
            defer { pen += shape.xAdvance }
            guard let bitmap else { continue }
            let x0 = startX + ((pen + shape.xOffset + 32) >> 6) + bitmap.left
            let y0 = baseline - ((shape.yOffset + 32) >> 6) - bitmap.top
            for r in 0..<bitmap.rows {
                let y = y0 + r
                guard y >= 0, y < h else { continue }
                for c in 0..<bitmap.width {
                    let x = x0 + c
                    let cover = Int(bitmap.coverage[r * bitmap.width + c])
                    guard x >= 0, x < w, cover > 0 else { continue }
                    blend(&pixels, at: (y * w + x) * 4, cover: cover, color: color)
                }
            }
        }
        return pixels
    }

    /// Source over destination, premultiplied.
    static func blend(_ pixels: inout [UInt8], at i: Int, cover: Int, color: TextStyle.Color) {
        let sa = (cover * Int(color.a) + 127) / 255
        let keep = 255 - sa
        let src = [Int(color.b), Int(color.g), Int(color.r)]
        for k in 0..<3 {
            let s = (src[k] * sa + 127) / 255
            pixels[i + k] = UInt8(min(255, s + (Int(pixels[i + k]) * keep + 127) / 255))
        }
        pixels[i + 3] = UInt8(min(255, sa + (Int(pixels[i + 3]) * keep + 127) / 255))
    }

    static func premultiplied(_ c: TextStyle.Color) -> TextStyle.Color {
        let a = Int(c.a)
        return TextStyle.Color(r: UInt8((Int(c.r) * a + 127) / 255), g: UInt8((Int(c.g) * a + 127) / 255),
                               b: UInt8((Int(c.b) * a + 127) / 255), a: c.a)
    }
}
