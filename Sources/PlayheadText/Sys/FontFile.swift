import CFreeType
import CHarfBuzz
import PlayheadCore
import Synchronization

/// One font file at one pixel size: HarfBuzz shapes text with it (its own OpenType functions,
/// unhinted, in 1/64 pixels) and FreeType draws each glyph as a coverage bitmap. Every C call
/// of text drawing is here; the rest of PlayheadText is plain Swift.
final class FontFile: @unchecked Sendable {
    private let library: FT_Library
    private let face: FT_Face
    private let hbFace: OpaquePointer
    private let hbFont: OpaquePointer
    /// FreeType and HarfBuzz objects are not to be used from two threads at once.
    private let lock = Mutex(())
    let pixelSize: Int
    /// The font's ascender and descender (below the baseline, negative), in 1/64 pixels.
    let ascender: Int
    let descender: Int

    init(path: String, pixelSize: Int) throws(PlaybackError) {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw PlaybackError(.internalError, "FreeType cannot start") }
        var f: FT_Face?
        guard FT_New_Face(lib, path, 0, &f) == 0, let f else {
            FT_Done_FreeType(lib)
            throw PlaybackError(.fileNotFound, "font \(path): not a font FreeType can read, or missing; give font=PATH to a TrueType or OpenType file")
        }
        guard FT_Set_Pixel_Sizes(f, 0, FT_UInt(pixelSize)) == 0 else {
            FT_Done_Face(f)
            FT_Done_FreeType(lib)
            throw PlaybackError(.unsupportedCodec, "font \(path): cannot be drawn at \(pixelSize) pixels; give another size=")
        }
        library = lib
        face = f
        self.pixelSize = pixelSize
        let upem = max(Int(f.pointee.units_per_EM), 1)
        ascender = Int(f.pointee.ascender) * pixelSize * 64 / upem
        descender = Int(f.pointee.descender) * pixelSize * 64 / upem
        let blob = hb_blob_create_from_file(path)
        hbFace = hb_face_create(blob, 0)
        hb_blob_destroy(blob)
        hbFont = hb_font_create(hbFace)
        hb_font_set_scale(hbFont, Int32(pixelSize * 64), Int32(pixelSize * 64))
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The glyphs of `text` in visual order, with their places: the direction and script
    /// guessed from the text, as a browser would for a line in one script.
    func shape(_ text: String) -> [ShapedGlyph] {
        lock.withLock { _ in
            guard let buffer = hb_buffer_create() else { return [] }
            defer { hb_buffer_destroy(buffer) }
            hb_buffer_add_utf8(buffer, text, -1, 0, -1)
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
            return (0..<Int(count)).map { i in
                ShapedGlyph(glyph: infos[i].codepoint, xAdvance: Int(positions[i].x_advance),
                            xOffset: Int(positions[i].x_offset), yOffset: Int(positions[i].y_offset))
            }
        }
    }

    /// The glyph's coverage, unhinted; nil for one with no ink (a space) or that cannot be drawn.
    func bitmap(_ glyph: UInt32) -> GlyphBitmap? {
        lock.withLock { _ in
            guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_RENDER | FT_LOAD_NO_HINTING)) == 0, let slot = face.pointee.glyph else { return nil }
            let b = slot.pointee.bitmap
            let width = Int(b.width), rows = Int(b.rows), pitch = Int(b.pitch)
            guard width > 0, rows > 0, let buffer = b.buffer, pitch >= width else { return nil }
            var coverage = [UInt8](repeating: 0, count: width * rows)
            for r in 0..<rows {
                for c in 0..<width { coverage[r * width + c] = buffer[r * pitch + c] }
            }
            return GlyphBitmap(width: width, rows: rows, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), coverage: coverage)
        }
    }
}
