import PlayheadCore

/// A ticker's whole line drawn once as coverage (one byte a pixel, 0 to 255): as wide as the
/// line, as high as the layer, the glyphs on the font's middle. Its colours are put on only
/// where a window of it is shown (`TickerPicture`), so a long line costs a quarter of a picture.
final class TextStrip: Sendable {
    let width: Int
    let height: Int
    let coverage: [UInt8]

    /// At most `maxWidth` pixels wide; glyphs past it are cut.
    init(_ glyphs: TextRaster.Glyphs, height: Int, ascender: Int, descender: Int, maxWidth: Int) {
        let total = (glyphs.reduce(0) { $0 + $1.shape.xAdvance } + 32) >> 6
        let w = max(1, min(total, maxWidth))
        var coverage = [UInt8](repeating: 0, count: w * height)
        let baseline = ((height * 64 + ascender + descender) / 2 + 32) >> 6
        TextRaster.place(glyphs, x: 0, baseline: baseline, width: w, height: height) { x, y, value in
            let i = y * w + x
            coverage[i] = max(coverage[i], UInt8(value))
        }
        width = w
        self.height = height
        self.coverage = coverage
    }
}
