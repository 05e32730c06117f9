import PlayheadCore
import PlayheadSys

/// One colour, drawn where a picture would be: what the screen shows while an item waits to
/// be tried again, rather than its last frame frozen.
final class SlatePicture: VideoPicture {
    let size: PixelSize
    let color: UInt32

    init(size: PixelSize, color: UInt32) {
        self.size = size
        self.color = color & 0xFF_FFFF
    }

    var pixelFormatName: String { "slate" }

    func digest() -> UInt64 { 0x5_1A7E_0000_0000 | UInt64(color) }

    func draw(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError) {
        guard let mapped = canvas as? MappedCanvas else { return }
        let r = (color >> 16) & 0xFF, g = (color >> 8) & 0xFF, b = color & 0xFF
        switch canvas.format {
        case .xrgb8888, .argb8888: mapped.fill(destination, pixel: 0xFF00_0000 | r << 16 | g << 8 | b)
        case .xbgr8888, .abgr8888: mapped.fill(destination, pixel: 0xFF00_0000 | b << 16 | g << 8 | r)
        default: mapped.clear(destination, bytesPerPixel: canvas.format == .rgb565 ? 2 : 4)
        }
    }
}
