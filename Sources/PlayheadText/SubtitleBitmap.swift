import PlayheadCore

/// A piece of drawn subtitle as libass gives it: a coverage bitmap in one colour at a place on
/// the screen (a glyph run's fill, its outline or its shadow).
struct SubtitleBitmap: Sendable, Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var coverage: [UInt8]
    /// Red, green, blue and transparency (0 opaque, 255 clear), as ASS has it.
    var rgba: UInt32
}
