import Glibc
import PlayheadCore
@testable import PlayheadText
import PlayheadSys
import Testing

/// A ticker's file is read again only when the box is empty between passes.
@Suite struct TickerRunTests {
    /// A strip one pixel wide for each character, so widths follow the text.
    func draw(_ parts: [String]) -> TextStrip {
        let glyphs = parts.joined().map { _ in (shape: ShapedGlyph(glyph: 1, xAdvance: 64, xOffset: 0, yOffset: 0), bitmap: GlyphBitmap?.none) }
        return TextStrip(glyphs, height: 1, ascender: 64, descender: 0, maxWidth: 10_000)
    }

    func path() -> String {
        "/tmp/playhead-ticker-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
    }

    @Test func anEditedFileEntersAtTheNextPassWhole() throws {
        let file = path()
        defer { FileOutput.remove(file) }
        try AtomicFile.write("0123456789\n", to: file)
        // A 10-pixel box at 10 pixels a second; a 10-character line: passes of 2 s.
        var run = TickerRun(path: file, box: PixelSize(width: 10, height: 1), speed: 10)
        let second: Int64 = 1_000_000_000
        #expect(run.window(at: 5 * second, draw: draw)?.offset == 10)
        try AtomicFile.write("a longer line of news\n", to: file)
        // Mid-pass the old line goes on.
        #expect(run.window(at: 6 * second, draw: draw)?.strip.width == 10)
        #expect(run.window(at: 6 * second + second / 2, draw: draw)?.offset == 5)
        // At the pass's end the box is empty and the new line (21 wide) starts, from the right.
        let next = run.window(at: 7 * second, draw: draw)
        #expect(next?.strip.width == 21)
        #expect(next?.offset == 21)
    }

    @Test func aMissingFileShowsNothingUntilItIsThere() throws {
        let file = path()
        defer { FileOutput.remove(file) }
        var run = TickerRun(path: file, box: PixelSize(width: 10, height: 1), speed: 10)
        #expect(run.window(at: 0, draw: draw) == nil)
        try AtomicFile.write("here now", to: file)
        #expect(run.window(at: 1_000_000_000, draw: draw)?.strip.width == 8)
    }
}
