import PlayheadCore
import Testing

/// Anamorphic pictures: the pixel's shape read safely, the picture's shown shape, and a layout
/// made in that shape taken back to the stored pixels.
struct PixelAspectTests {
    @Test func aShapeIsReducedAndHostileOnesAreSquare() {
        #expect(PixelAspect(width: 128, height: 90) == PixelAspect(width: 64, height: 45))
        for (w, h) in [(0, 0), (0, 1), (-16, 11), (16, 0), (1000, 1), (1, 5), (Int.min, 3)] {
            #expect(PixelAspect(width: w, height: h) == .square, "\(w):\(h)")
        }
    }

    @Test func thePictureIsStretchedNeverShrunk() {
        let pal = PixelSize(width: 720, height: 576)
        #expect(PixelAspect(width: 64, height: 45).displaySize(of: pal) == PixelSize(width: 1024, height: 576))
        #expect(PixelAspect(width: 16, height: 15).displaySize(of: pal) == PixelSize(width: 768, height: 576))
        // A narrow pixel (NTSC 4:3 as 8:9) makes the picture taller.
        #expect(PixelAspect(width: 8, height: 9).displaySize(of: PixelSize(width: 720, height: 480)) == PixelSize(width: 720, height: 540))
        #expect(PixelAspect.square.displaySize(of: pal) == pal)
    }

    @Test func aLayoutInTheShownShapeTakesTheStoredPixels() {
        let stored = PixelSize(width: 720, height: 576), shown = PixelSize(width: 1024, height: 576)
        let screen = PixelSize(width: 1920, height: 1080)
        // Fitted: the whole stored picture onto the 16:9 screen, whole.
        let fit = PictureLayout.place(shown, on: screen, gravity: .resizeAspect).source(from: shown, to: stored)
        #expect(fit.source == PixelRect(size: stored) && fit.destination == PixelRect(size: screen))
        // Filling a 4:3 screen: the middle three quarters of the shown width, in stored columns.
        let fill = PictureLayout.place(shown, on: PixelSize(width: 1024, height: 768), gravity: .resizeAspectFill)
            .source(from: shown, to: stored)
        #expect(fill.source == PixelRect(x: 90, y: 0, width: 540, height: 576))
        #expect(fill.destination == PixelRect(size: PixelSize(width: 1024, height: 768)))
        // Square pixels: unchanged.
        let square = PictureLayout.place(stored, on: screen, gravity: .resizeAspect)
        #expect(square.source(from: stored, to: stored) == square)
    }
}
