import PlayheadCore

/// libass's bitmaps, or a bitmap subtitle's pictures, laid one over the other, in order, into a
/// premultiplied BGRA picture of the screen's size, clear where there is no subtitle: what an
/// overlay plane shows above the video, or what is blended over it in software.
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

    /// Bitmap subtitles' pictures, their canvas fitted into `size` as the video is (its shape
    /// kept, centred), scaled smoothly (bilinear, on premultiplied colour). A canvas of the
    /// `video`'s own stored size takes the shape of its pixels (`pixelAspect`), as the picture does.
    static func draw(_ cues: [SubtitleCue], size: PixelSize, video: PixelSize = .zero, pixelAspect: PixelAspect = .square) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
        for cue in cues where cue.canvas.width > 0 && cue.canvas.height > 0 {
            let shape = cue.canvas == video ? pixelAspect.displaySize(of: cue.canvas) : cue.canvas
            let fit = min(Double(size.width) / Double(shape.width), Double(size.height) / Double(shape.height))
            let scale = (x: fit * Double(shape.width) / Double(cue.canvas.width), y: fit * Double(shape.height) / Double(cue.canvas.height))
            let left = (Double(size.width) - Double(shape.width) * fit) / 2
            let top = (Double(size.height) - Double(shape.height) * fit) / 2
            for image in cue.images {
                draw(image, scale: scale, left: left, top: top, into: &pixels, size: size)
            }
        }
        return pixels
    }

    private static func draw(_ image: SubtitleImage, scale: (x: Double, y: Double), left: Double, top: Double,
                             into pixels: inout [UInt8], size: PixelSize) {
        let x0 = max(0, Int((left + Double(image.x) * scale.x).rounded()))
        let y0 = max(0, Int((top + Double(image.y) * scale.y).rounded()))
        let x1 = min(size.width, Int((left + Double(image.x + image.width) * scale.x).rounded()))
        let y1 = min(size.height, Int((top + Double(image.y + image.height) * scale.y).rounded()))
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            // The source point under this pixel's centre, in the image's pixels.
            let sy = min(max((Double(y) + 0.5 - top) / scale.y - Double(image.y) - 0.5, 0), Double(image.height - 1))
            let row = Int(sy), below = min(row + 1, image.height - 1), fy = sy - Double(row)
            for x in x0..<x1 {
                let sx = min(max((Double(x) + 0.5 - left) / scale.x - Double(image.x) - 0.5, 0), Double(image.width - 1))
                let column = Int(sx), right = min(column + 1, image.width - 1), fx = sx - Double(column)
                let c00 = image.premultipliedBGRA(column: column, row: row), c10 = image.premultipliedBGRA(column: right, row: row)
                let c01 = image.premultipliedBGRA(column: column, row: below), c11 = image.premultipliedBGRA(column: right, row: below)
                func mix(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int {
                    let top = Double(a) + (Double(b) - Double(a)) * fx, bottom = Double(c) + (Double(d) - Double(c)) * fx
                    return Int((top + (bottom - top) * fy).rounded())
                }
                let alpha = mix(c00.a, c10.a, c01.a, c11.a)
                guard alpha > 0 else { continue }
                let p = (y * size.width + x) * 4, keep = 255 - alpha
                pixels[p] = UInt8(min(255, mix(c00.b, c10.b, c01.b, c11.b) + Int(pixels[p]) * keep / 255))
                pixels[p + 1] = UInt8(min(255, mix(c00.g, c10.g, c01.g, c11.g) + Int(pixels[p + 1]) * keep / 255))
                pixels[p + 2] = UInt8(min(255, mix(c00.r, c10.r, c01.r, c11.r) + Int(pixels[p + 2]) * keep / 255))
                pixels[p + 3] = UInt8(min(255, alpha + Int(pixels[p + 3]) * keep / 255))
            }
        }
    }
}
