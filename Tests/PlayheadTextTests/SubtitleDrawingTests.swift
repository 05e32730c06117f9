import PlayheadCore
@testable import PlayheadText
import Testing

/// Subtitles laid out and drawn by libass with DejaVu Sans, into a screen-sized BGRA picture.
@Suite struct SubtitleDrawingTests {
    static let size = PixelSize(width: 640, height: 360)
    static let margin = PixelSize(width: 32, height: 18)
    /// What FFmpeg's SRT decoder gives as the header (the script's 384x288 canvas, one style).
    static let header = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 384
        PlayResY: 288

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,Arial,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,0

        [Events]
        Format: ReadOrder, Layer, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """

    func renderer() throws -> ASSRenderer {
        let r = try ASSRenderer(size: Self.size, safeMargin: Self.margin, fontPath: TextStyle.defaultFont, header: Self.header)
        r.add(SubtitleCue(startMilliseconds: 500, durationMilliseconds: 1500, dialogue: "0,0,Default,,0,0,0,,Hello"))
        r.add(SubtitleCue(startMilliseconds: 2500, durationMilliseconds: 1000, dialogue: "1,0,Default,,0,0,0,,World"))
        return r
    }

    /// The box of the pixels drawn (alpha above zero); nil when nothing is.
    func inkBox(_ pixels: [UInt8]) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<Self.size.height {
            for x in 0..<Self.size.width where pixels[(y * Self.size.width + x) * 4 + 3] > 0 {
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
            }
        }
        return box.map { (x0: $0.0, y0: $0.1, x1: $0.2, y1: $0.3) }
    }

    @Test func aCueShowsCentredAtTheBottomInsideTheSafeMargin() throws {
        let r = try renderer()
        let (_, bitmaps) = r.render(at: 1000)
        let pixels = SubtitleCanvas.draw(bitmaps, size: Self.size)
        let box = try #require(inkBox(pixels))
        #expect(box.y0 > Self.size.height / 2, "\(box)")
        // The style's bottom margin (10 of the script's 288 rows) above the safe area's bottom,
        // not the screen's: without the safe margin the ink ends at row 339, with it at 323.
        #expect(box.y1 <= Self.size.height - Self.margin.height - 10, "\(box)")
        #expect(box.x0 >= Self.margin.width && box.x1 < Self.size.width - Self.margin.width, "\(box)")
        let centre = (box.x0 + box.x1) / 2
        #expect(abs(centre - Self.size.width / 2) < 8, "\(box)")
        // White text with a black outline: some pixels white and opaque.
        let white = stride(from: 0, to: pixels.count, by: 4).contains { pixels[$0] == 255 && pixels[$0 + 1] == 255 && pixels[$0 + 3] == 255 }
        #expect(white)
    }

    @Test func nothingBetweenCuesAndTheChangeIsSaid() throws {
        let r = try renderer()
        _ = r.render(at: 1000)
        let between = r.render(at: 2200)
        #expect(between.changed)
        #expect(inkBox(SubtitleCanvas.draw(between.bitmaps, size: Self.size)) == nil)
        #expect(!r.render(at: 2300).changed)
        let world = r.render(at: 3000)
        #expect(world.changed && !world.bitmaps.isEmpty)
    }

    @Test func aCuePlacedOffTheScreenIsCutNotWrittenPast() throws {
        let r = try ASSRenderer(size: Self.size, safeMargin: .zero, fontPath: TextStyle.defaultFont, header: Self.header)
        r.add(SubtitleCue(startMilliseconds: 0, durationMilliseconds: 1000, dialogue: "0,0,Default,,0,0,0,,{\\pos(380,290)}Far off"))
        let (_, bitmaps) = r.render(at: 10)
        let pixels = SubtitleCanvas.draw(bitmaps, size: Self.size)
        #expect(pixels.count == Self.size.width * Self.size.height * 4)
    }
}
