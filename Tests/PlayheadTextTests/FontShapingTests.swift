import Foundation
import PlayheadCore
@testable import PlayheadText
import Testing

/// Debian's DejaVu Sans (fonts-dejavu-core, which `make deps` installs) shaped by HarfBuzz.
@Suite struct FontShapingTests {
    let font: FontFile

    init() throws {
        font = try FontFile(path: TextStyle.defaultFont, pixelSize: 28)
    }

    @Test func rightToLeftTextComesOutInVisualOrder() {
        // Hebrew is shaped right to left: the first glyph drawn (leftmost) is the last letter.
        let word = font.shape("שלום").map(\.glyph)
        let letters = ["ש", "ל", "ו", "ם"].map { font.shape($0).first!.glyph }
        #expect(word == letters.reversed())
    }

    @Test func arabicLettersJoin() {
        // Lam and alef join into one ligature glyph; each letter alone is its own isolated form.
        let joined = font.shape("لا")
        #expect(joined.count == 1, "\(joined)")
        let isolated = font.shape("ل").first!.glyph
        let initial = font.shape("لب").map(\.glyph)
        #expect(!initial.contains(isolated), "the initial form of lam differs from its isolated form")
    }

    @Test func latinAdvancesAreTheFontsAtItsSize() {
        let glyphs = font.shape("12:34")
        #expect(glyphs.count == 5)
        // DejaVu Sans' digits are 1303 units of 2048 wide: 17.8 pixels at 28.
        #expect(glyphs[0].xAdvance == 1303 * 28 * 64 / 2048 || abs(glyphs[0].xAdvance - 1140) <= 1, "\(glyphs[0])")
        #expect(font.bitmap(glyphs[0].glyph).map { $0.rows > 10 && $0.coverage.contains(255) } == true)
        #expect(font.bitmap(font.shape(" ")[0].glyph) == nil)
    }

    @Test func aMissingFontIsOneLineNamingIt() {
        #expect(throws: PlaybackError.self) { try FontFile(path: "/nonexistent/font.ttf", pixelSize: 20) }
        do { _ = try FontFile(path: "/etc/hostname", pixelSize: 20) } catch {
            #expect(error.message == "font /etc/hostname: not a font FreeType can read, or missing; give font=PATH to a TrueType or OpenType file")
        }
    }
}
