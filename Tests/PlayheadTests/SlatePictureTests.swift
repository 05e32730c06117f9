@testable import Playhead
import PlayheadCore
import PlayheadSys
import Testing

@Suite struct SlatePictureTests {
    @Test func theSlateIsItsColourWithTheLineInTheMiddle() throws {
        let canvas = MappedCanvas(format: .xrgb8888, size: PixelSize(width: 320, height: 180), bytesPerPixel: 4)
        let slate = SlatePicture(size: PixelSize(width: 1920, height: 1080), color: 0x10_20_40, text: "I")
        try slate.draw(PixelRect(size: slate.size), into: canvas, at: PixelRect(size: canvas.size))
        #expect(canvas.pixel32(x: 0, y: 0) & 0xFF_FFFF == 0x10_20_40)
        #expect(canvas.pixel32(x: 319, y: 179) & 0xFF_FFFF == 0x10_20_40)
        // "I" at the largest scale that fits a twelfth of the height (2), centred: its stem.
        #expect(canvas.pixel32(x: 160, y: 90) & 0xFF_FFFF == 0xE8_E8_E8)
        var ink = 0
        for y in 0..<180 { for x in 0..<320 where canvas.pixel32(x: x, y: y) & 0xFF_FFFF == 0xE8_E8_E8 { ink += 1 } }
        #expect(ink == 11 * 4)
    }

    @Test func bgrCanvasesGetTheSameColour() throws {
        let canvas = MappedCanvas(format: .xbgr8888, size: PixelSize(width: 16, height: 16), bytesPerPixel: 4)
        try SlatePicture(size: PixelSize(width: 16, height: 16), color: 0x10_20_40).draw(PixelRect(x: 0, y: 0, width: 16, height: 16),
                                                                                       into: canvas, at: PixelRect(x: 0, y: 0, width: 16, height: 16))
        #expect(canvas.pixel32(x: 5, y: 5) & 0xFF_FFFF == 0x40_20_10)
    }
}
