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

    /// Copied into the canvas, the nearest pixel taken where the sizes differ; its alpha is kept
    /// in an AR24 or AB24 canvas and dropped in an XR24 one.
    func draw(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError) {
        guard let target = canvas as? MappedCanvas, target.yuvLayout == nil else {
            throw PlaybackError(.internalError, "text cannot be drawn into a \(canvas.format) \(type(of: canvas))")
        }
        let swap: Bool
        switch canvas.format {
        case .argb8888, .xrgb8888: swap = false
        case .abgr8888, .xbgr8888: swap = true
        default: throw PlaybackError(.unsupportedCodec, "text is drawn into 32-bit RGB planes only, not \(canvas.format)")
        }
        guard !source.isEmpty, !destination.isEmpty, destination.x >= 0, destination.y >= 0,
              destination.x + destination.width <= canvas.size.width, destination.y + destination.height <= canvas.size.height else { return }
        let stride = canvas.stride
        target.withUnsafeMutableBytes { bytes in
            for dy in 0..<destination.height {
                let sy = min(size.height - 1, source.y + dy * source.height / destination.height)
                let row = (destination.y + dy) * stride + destination.x * 4
                for dx in 0..<destination.width {
                    let sx = min(size.width - 1, source.x + dx * source.width / destination.width)
                    let s = (sy * size.width + sx) * 4, d = row + dx * 4
                    bytes[d] = pixels[s + (swap ? 2 : 0)]
                    bytes[d + 1] = pixels[s + 1]
                    bytes[d + 2] = pixels[s + (swap ? 0 : 2)]
                    bytes[d + 3] = pixels[s + 3]
                }
            }
        }
    }
}
