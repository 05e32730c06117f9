import PlayheadCore
import PlayheadSys

/// One colour with one line of text, drawn where a picture would be: what the screen shows
/// while an item waits to be tried again, rather than its last frame frozen.
final class SlatePicture: VideoPicture {
    let size: PixelSize
    let color: UInt32
    let text: String

    init(size: PixelSize, color: UInt32, text: String = "") {
        self.size = size
        self.color = color & 0xFF_FFFF
        self.text = String(text.prefix(80))
    }

    var pixelFormatName: String { "slate" }

    func digest() -> UInt64 { 0x5_1A7E_0000_0000 | UInt64(color) }

    func draw(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError) {
        guard let mapped = canvas as? MappedCanvas else { return }
        let swapped = canvas.format == .xbgr8888 || canvas.format == .abgr8888
        guard swapped || canvas.format == .xrgb8888 || canvas.format == .argb8888 else {
            mapped.clear(destination, bytesPerPixel: canvas.format == .rgb565 ? 2 : 4)
            return
        }
        func pixel(_ rgb: UInt32) -> UInt32 {
            let r = (rgb >> 16) & 0xFF, g = (rgb >> 8) & 0xFF, b = rgb & 0xFF
            return 0xFF00_0000 | (swapped ? b << 16 | g << 8 | r : r << 16 | g << 8 | b)
        }
        mapped.fill(destination, pixel: pixel(color))
        guard !text.isEmpty else { return }
        // As large as fits in nine tenths of the width, at most a twelfth of the height.
        let scale = max(1, min(destination.width * 9 / 10 / max(1, BitmapFont.size(of: text, scale: 1).width),
                               destination.height / 12 / BitmapFont.height))
        let box = BitmapFont.size(of: text, scale: scale)
        let x = destination.x + max(0, (destination.width - box.width) / 2)
        let y = destination.y + max(0, (destination.height - box.height) / 2)
        let ink = pixel(0xE8_E8_E8)
        for r in BitmapFont.rectangles(for: text, x: x, y: y, scale: scale) {
            let clipped = r.intersection(destination)
            if !clipped.isEmpty { mapped.fill(clipped, pixel: ink) }
        }
    }
}
