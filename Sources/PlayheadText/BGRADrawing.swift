import PlayheadCore
import PlayheadSys

/// How text's pictures (B, G, R, A bytes, premultiplied) go into a plane's canvas: the nearest
/// pixel taken where the sizes differ; the alpha kept in an AR24 or AB24 canvas and dropped in
/// an XR24 one.
enum BGRADrawing {
    /// `pixel(x, y)`: the picture's pixel at `x`, `y` of its `size`.
    static func draw(_ what: String, size: PixelSize, _ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect,
                     pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) throws(PlaybackError) {
        guard let target = canvas as? MappedCanvas, target.yuvLayout == nil else {
            throw PlaybackError(.internalError, "\(what) cannot be drawn into a \(canvas.format) \(type(of: canvas))")
        }
        let swap: Bool
        switch canvas.format {
        case .argb8888, .xrgb8888: swap = false
        case .abgr8888, .xbgr8888: swap = true
        default: throw PlaybackError(.unsupportedCodec, "\(what) is drawn into 32-bit RGB planes only, not \(canvas.format)")
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
                    let p = pixel(sx, sy)
                    let d = row + dx * 4
                    bytes[d] = swap ? p.2 : p.0
                    bytes[d + 1] = p.1
                    bytes[d + 2] = swap ? p.0 : p.2
                    bytes[d + 3] = p.3
                }
            }
        }
    }
}
