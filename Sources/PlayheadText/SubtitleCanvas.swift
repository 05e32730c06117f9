import PlayheadCore

/// libass's bitmaps laid one over the other, in order, into a premultiplied BGRA picture of
/// the screen's size, clear where there is no subtitle: what an overlay plane shows above the
/// video, or what is blended over it in software.
enum SubtitleCanvas {
    static func draw(_ bitmaps: [SubtitleBitmap], size: PixelSize) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
        for b in bitmaps {
            let red = Int(b.rgba >> 24), green = Int((b.rgba >> 16) & 0xff), blue = Int((b.rgba >> 8) & 0xff)
            let opacity = 255 - Int(b.rgba & 0xff)
            // Only the part on the screen: a cue placed partly off it is cut, never written past.
            let x0 = max(0, b.x), y0 = max(0, b.y)
            let x1 = min(size.width, b.x + b.width), y1 = min(size.height, b.y + b.height)
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let a = Int(b.coverage[(y - b.y) * b.width + (x - b.x)]) * opacity / 255
                    guard a > 0 else { continue }
                    let p = (y * size.width + x) * 4
                    let keep = 255 - a
                    pixels[p] = UInt8((blue * a + Int(pixels[p]) * keep) / 255)
                    pixels[p + 1] = UInt8((green * a + Int(pixels[p + 1]) * keep) / 255)
                    pixels[p + 2] = UInt8((red * a + Int(pixels[p + 2]) * keep) / 255)
                    pixels[p + 3] = UInt8(a + Int(pixels[p + 3]) * keep / 255)
                }
            }
        }
        return pixels
    }
}
