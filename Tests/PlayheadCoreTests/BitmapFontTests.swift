import Testing
@testable import PlayheadCore

@Suite struct BitmapFontTests {
    @Test func textIsSixColumnsAGlyphLessTheLastGap() {
        #expect(BitmapFont.size(of: "AB", scale: 1) == PixelSize(width: 11, height: 7))
        #expect(BitmapFont.size(of: "next try in 4 s", scale: 3) == PixelSize(width: (15 * 6 - 1) * 3, height: 21))
    }

    @Test func anIIsItsRunsOfPixels() {
        // I: a bar of three at the top and the bottom, one in the middle of five rows between.
        let rects = BitmapFont.rectangles(for: "I", x: 10, y: 20, scale: 2)
        #expect(rects.count == 7)
        #expect(rects.first == PixelRect(x: 12, y: 20, width: 6, height: 2))
        #expect(rects[1] == PixelRect(x: 14, y: 22, width: 2, height: 2))
        #expect(rects.last == PixelRect(x: 12, y: 32, width: 6, height: 2))
        #expect(rects.map { $0.width * $0.height }.reduce(0, +) == 11 * 4)
    }

    @Test func lowerCaseIsCapitalsAndUnknownsAreQuestionMarks() {
        #expect(BitmapFont.rectangles(for: "a", x: 0, y: 0, scale: 1) == BitmapFont.rectangles(for: "A", x: 0, y: 0, scale: 1))
        #expect(BitmapFont.rectangles(for: "é", x: 0, y: 0, scale: 1) == BitmapFont.rectangles(for: "?", x: 0, y: 0, scale: 1))
        #expect(BitmapFont.rectangles(for: " ", x: 0, y: 0, scale: 1).isEmpty)
    }

    @Test func everyGlyphHasSevenRowsOfFiveColumns() {
        for (c, rows) in BitmapFont.glyphs {
            #expect(rows.count == 7 && rows.allSatisfy { $0 < 0x20 }, "\(c)")
        }
    }
}
