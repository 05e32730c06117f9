import PlayheadCore
import PlayheadSys

/// How text's pictures (B, G, R, A bytes, premultiplied) go into a plane's canvas: the nearest
/// pixel taken where the sizes differ; the alpha kept in an AR24 or AB24 canvas and dropped in
/// an XR24 one.
enum BGRADrawing {
    /// B, G, R, A bytes of a picture of `size`, row after row. Unscaled into an AR24 or XR24
    /// canvas (a subtitle layer the size of its plane) each row is one copy: the bytes are the
    /// same in both. On the emulated arm64 board the pixel-by-pixel way took 74-178 ms for a
    /// 640x480 layer, and the subtitles' cues came late by as much.
    static func draw(_ what: String, bytes: [UInt8], size: PixelSize, _ source: PixelRect, into canvas: any PictureCanvas,
                     at destination: PixelRect) throws(PlaybackError) {
        guard bytes.count >= size.width * size.height * 4 else {
            throw PlaybackError(.internalError, "\(what) holds \(bytes.count) bytes, too few for \(size.width)x\(size.height)")
        }
        let unscaled = source.size == destination.size && source.x >= 0 && source.y >= 0
            && source.x + source.width <= size.width && source.y + source.height <= size.height
        guard unscaled, let target = canvas as? MappedCanvas, target.yuvLayout == nil,
              canvas.format == .argb8888 || canvas.format == .xrgb8888,
              !destination.isEmpty, destination.x >= 0, destination.y >= 0,
              destination.x + destination.width <= canvas.size.width, destination.y + destination.height <= canvas.size.height else {
            try draw(what, size: size, source, into: canvas, at: destination) { x, y in
                let s = (y * size.width + x) * 4
                return (bytes[s], bytes[s + 1], bytes[s + 2], bytes[s + 3])
            }
            return
        }
        let stride = canvas.stride, length = destination.width * 4
        bytes.withUnsafeBytes { from in
            target.withUnsafeMutableBytes { to in
                for row in 0..<destination.height {
                    let s = ((source.y + row) * size.width + source.x) * 4
                    let d = (destination.y + row) * stride + destination.x * 4
                    UnsafeMutableRawBufferPointer(rebasing: to[d..<d + length]).copyMemory(from: UnsafeRawBufferPointer(rebasing: from[s..<s + length]))
                }
            }
        }
    }

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
        // The source column of each destination column, worked out once, not once a row.
        let columns = (0..<destination.width).map { dx in min(size.width - 1, source.x + dx * source.width / destination.width) }
        target.withUnsafeMutableBytes { bytes in
            for dy in 0..<destination.height {
                let sy = min(size.height - 1, source.y + dy * source.height / destination.height)
                let row = (destination.y + dy) * stride + destination.x * 4
                for dx in 0..<destination.width {
                    let p = pixel(columns[dx], sy)
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
