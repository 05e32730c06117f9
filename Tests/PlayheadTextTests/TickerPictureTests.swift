import PlayheadCore
@testable import PlayheadText
import PlayheadSys
import Testing

@Suite struct TickerPictureTests {
    let red = TextStyle.Color(r: 255, g: 0, b: 0)
    let box = TextStyle.Color(r: 0, g: 0, b: 255, a: 128)

    /// A strip 4 pixels wide and 1 high: its coverage 10, 20, 30, 40 (a glyph 4 wide).
    func strip() -> TextStrip {
        let glyph = (shape: ShapedGlyph(glyph: 1, xAdvance: 4 * 64, xOffset: 0, yOffset: 0),
                     bitmap: Optional(GlyphBitmap(width: 4, rows: 1, left: 0, top: 1, coverage: [10, 20, 30, 40])))
        return TextStrip([glyph], height: 1, ascender: 64, descender: 0, maxWidth: 100)
    }

    @Test func theStripKeepsTheLinesCoverage() {
        let s = strip()
        #expect(s.width == 4)
        #expect(s.coverage == [10, 20, 30, 40])
        let cut = TextStrip([(shape: ShapedGlyph(glyph: 1, xAdvance: 4 * 64, xOffset: 0, yOffset: 0), bitmap: nil)], height: 1,
                            ascender: 64, descender: 0, maxWidth: 3)
        #expect(cut.width == 3)
    }

    @Test func theWindowRunsOverTheGapAndRoundAgain() {
        let palette = TickerPicture.palette(color: red, background: box)
        // A 3-pixel box: the period is the strip's 4 and a gap of 3.
        let window = { (offset: Int) in
            let p = TickerPicture(size: PixelSize(width: 3, height: 1), strip: strip(), offset: offset, palette: palette)
            return (0..<3).map { p.coverage(x: $0, y: 0) }
        }
        #expect(window(0) == [10, 20, 30])
        #expect(window(2) == [30, 40, 0])
        #expect(window(4) == [0, 0, 0])
        #expect(window(6) == [0, 10, 20])
    }

    @Test func thePaletteBlendsAsTheStaticTextDoes() {
        let palette = TickerPicture.palette(color: red, background: box)
        // No coverage: the box, premultiplied (B, G, R, A).
        #expect(palette[0] == (128, 0, 0, 128))
        // Half: as TextRasterTests' blend of the same colours.
        #expect(palette[128] == (64, 0, 128, 192))
        #expect(palette[255] == (0, 0, 255, 255))
    }

    @Test func theWindowIsDrawnIntoAnARGBCanvas() throws {
        let palette = TickerPicture.palette(color: red, background: box)
        let p = TickerPicture(size: PixelSize(width: 3, height: 1), strip: strip(), offset: 2, palette: palette)
        let canvas = MappedCanvas(format: .argb8888, size: PixelSize(width: 3, height: 1), bytesPerPixel: 4)
        try p.draw(PixelRect(x: 0, y: 0, width: 3, height: 1), into: canvas, at: PixelRect(x: 0, y: 0, width: 3, height: 1))
        let bytes = canvas.withUnsafeMutableBytes { Array($0) }
        #expect(Array(bytes[8..<12]) == [palette[0].0, palette[0].1, palette[0].2, palette[0].3])
        let c = palette[30]
        #expect(Array(bytes[0..<4]) == [c.0, c.1, c.2, c.3])
    }
}
