/// A shaped glyph: which one, and how far it moves the pen (1/64 pixels).
struct ShapedGlyph: Sendable, Hashable {
    var glyph: UInt32
    var xAdvance: Int
    var xOffset: Int
    var yOffset: Int
}

/// A glyph drawn: its coverage (0 to 255, row by row) and where it sits from its origin on the
/// baseline (`left` to the right, `top` up).
struct GlyphBitmap: Sendable, Hashable {
    var width: Int
    var rows: Int
    var left: Int
    var top: Int
    var coverage: [UInt8]
}
