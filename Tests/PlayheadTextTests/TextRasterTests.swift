import PlayheadCore
@testable import PlayheadText
import Testing

@Suite struct TextRasterTests {
    let white = TextStyle.Color(r: 255, g: 255, b: 255)
    let clear = TextStyle.Color(r: 0, g: 0, b: 0, a: 0)

    /// A 2x2 glyph fully covered, advancing 4 pixels.
    func square(_ left: Int = 0) -> (shape: ShapedGlyph, bitmap: GlyphBitmap?) {
        (ShapedGlyph(glyph: 1, xAdvance: 4 * 64, xOffset: 0, yOffset: 0), GlyphBitmap(width: 2, rows: 2, left: left, top: 2, coverage: [255, 255, 255, 255]))
    }

    func alpha(_ pixels: [UInt8], width: Int) -> [[UInt8]] {
        stride(from: 0, to: pixels.count / 4, by: width).map { row in (0..<width).map { pixels[(row + $0) * 4 + 3] } }
    }

    @Test func theLineIsCentredAcrossAndOnTheFontsMiddle() {
        // Two glyphs, 8 pixels of advance, in a 12x6 box: they start at x 2; the baseline sits
        // at (6 + 4 - 2) / 2 = 4, so each 2-pixel-high glyph fills rows 2 and 3.
        let pixels = TextRaster.draw([square(), square()], size: PixelSize(width: 12, height: 6), ascender: 4 * 64, descender: -2 * 64,
                                     color: white, background: clear)
        let a = alpha(pixels, width: 12)
        #expect(a[1] == [UInt8](repeating: 0, count: 12))
        #expect(a[2] == [0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 0, 0])
        #expect(a[3] == a[2])
        #expect(a[4] == [UInt8](repeating: 0, count: 12))
    }

    @Test func coverageBlendsTheColourPremultipliedOverTheBox() {
        let half = (shape: ShapedGlyph(glyph: 1, xAdvance: 64, xOffset: 0, yOffset: 0),
                    bitmap: Optional(GlyphBitmap(width: 1, rows: 1, left: 0, top: 1, coverage: [128])))
        let red = TextStyle.Color(r: 255, g: 0, b: 0)
        let box = TextStyle.Color(r: 0, g: 0, b: 255, a: 128)
        let pixels = TextRaster.draw([half], size: PixelSize(width: 1, height: 1), ascender: 64, descender: 0, color: red, background: box)
        // B, G, R, A: the box's blue at half, times what the red's half cover leaves of it.
        #expect(pixels == [64, 0, 128, 192])
        // Premultiplied: no colour byte above its alpha.
        #expect(pixels[0] <= pixels[3] && pixels[2] <= pixels[3])
    }

    @Test func glyphsOffTheBoxAreCutNotWrapped() {
        let wide = [square(), square(), square()]
        let pixels = TextRaster.draw(wide, size: PixelSize(width: 4, height: 4), ascender: 3 * 64, descender: -1 * 64, color: white, background: clear)
        #expect(pixels.count == 4 * 4 * 4)
    }

    @Test func colorsAreReadAsHex() {
        #expect(TextStyle.Color(hex: "FF8000") == TextStyle.Color(r: 255, g: 128, b: 0, a: 255))
        #expect(TextStyle.Color(hex: "00000080") == TextStyle.Color(r: 0, g: 0, b: 0, a: 128))
        #expect(TextStyle.Color(hex: "red") == nil)
        #expect(TextStyle.Color(hex: "+1234567") == nil)
    }
}

@Suite struct TextLinesTests {
    let white = TextStyle.Color(r: 255, g: 255, b: 255)
    let clear = TextStyle.Color(r: 0, g: 0, b: 0, a: 0)

    func square() -> (shape: ShapedGlyph, bitmap: GlyphBitmap?) {
        (ShapedGlyph(glyph: 1, xAdvance: 4 * 64, xOffset: 0, yOffset: 0), GlyphBitmap(width: 2, rows: 2, left: 0, top: 2, coverage: [255, 255, 255, 255]))
    }

    /// Rows holding any covered pixel.
    func coveredRows(_ pixels: [UInt8], width: Int) -> [Int] {
        (0..<(pixels.count / 4 / width)).filter { row in (0..<width).contains { pixels[(row * width + $0) * 4 + 3] > 0 } }
    }

    @Test func twoLinesStandOneFontHeightApartAroundTheMiddle() {
        // A font 4 px above and 2 below its baseline: lines 6 px apart; two fill 12 of 16 rows,
        // from row 2. Baselines at 2 + 4 = 6 and 12: each 2-px glyph covers the two rows above.
        let pixels = TextRaster.draw(lines: [[square()], [square(), square()]], size: PixelSize(width: 12, height: 16),
                                     ascender: 4 * 64, descender: -2 * 64, color: white, background: clear)
        #expect(coveredRows(pixels, width: 12) == [4, 5, 10, 11])
        // Each line centred across on its own: one glyph at x 4, two at x 2 and 6.
        let row = { (y: Int) in (0..<12).filter { pixels[(y * 12 + $0) * 4 + 3] > 0 } }
        #expect(row(4) == [4, 5])
        #expect(row(10) == [2, 3, 6, 7])
    }

    @Test func aTextsBackslashNStartsANewLine() {
        #expect(TextOverlay.lines("Open\\nToday") == ["Open", "Today"])
        #expect(TextOverlay.lineCount(.text("a\\n\\nb")) == 3)
        #expect(TextOverlay.lineCount(.title("left")) == 1)
    }
}
