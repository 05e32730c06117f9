import PlayheadCore
import PlayheadSys

/// Drawn text as a picture a layer's sink shows: B, G, R, A bytes, premultiplied.
final class TextPicture: VideoPicture {
    let size: PixelSize
    let pixels: [UInt8]

    init(size: PixelSize, pixels: [UInt8]) {
        self.size = size
        self.pixels = pixels
    }

    var pixelFormatName: String { "bgra" }

    func digest() -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in pixels { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    /// Copied into the canvas (`BGRADrawing`).
    func draw(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError) {
        try BGRADrawing.draw("text", bytes: pixels, size: size, source, into: canvas, at: destination)
    }
}
