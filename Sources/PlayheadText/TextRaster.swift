import PlayheadCore

/// Shaped, drawn glyphs laid into a layer-sized picture: each line centred across, the lines
/// together on the box's middle up and down (one font height apart), each glyph's coverage
/// blended in the text's colour over the background box. Pixels come out as B, G, R, A bytes
/// with the colour premultiplied, as planes blend them. Integer arithmetic throughout, so that a
/// check can draw the same bytes.
enum TextRaster {
    typealias Glyphs = [(shape: ShapedGlyph, bitmap: GlyphBitmap?)]

    static func draw(_ glyphs: Glyphs, size: PixelSize, ascender: Int, descender: Int,
                     color: TextStyle.Color, background: TextStyle.Color) -> [UInt8] {
        draw(lines: [glyphs], size: size, ascender: ascender, descender: descender, color: color, background: background)
    }

    static func draw(lines: [Glyphs], size: PixelSize, ascender: Int, descender: Int,
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
        // In 1/64 pixels: the block of lines centred, each baseline an ascender below its top.
        let lineHeight = ascender - descender
        let top = (h * 64 - lines.count * lineHeight) / 2
        for (index, glyphs) in lines.enumerated() {
            let total = glyphs.reduce(0) { $0 + $1.shape.xAdvance }
            let startX = (w - ((total + 32) >> 6)) / 2
            let baseline = (top + ascender + index * lineHeight + 32) >> 6
            place(glyphs, x: startX, baseline: baseline, width: w, height: h) { x, y, cover in
                blend(&pixels, at: (y * w + x) * 4, cover: cover, color: color)
            }
        }
        return pixels
    }

    /// Each covered pixel of the glyphs set on `baseline` from `x` on, inside `width` x `height`.
    static func place(_ glyphs: Glyphs, x startX: Int, baseline: Int, width w: Int, height h: Int, _ cover: (Int, Int, Int) -> Void) {
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
                    let value = Int(bitmap.coverage[r * bitmap.width + c])
                    guard x >= 0, x < w, value > 0 else { continue }
                    cover(x, y, value)
                }
            }
        }
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
