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

    /// Where a destination pixel's centre falls between two source pixels: the two, and the
    /// second's weight out of 256.
    struct Tap {
        var first: Int
        var second: Int
        var weight: Int
    }

    static func taps(_ range: Range<Int>, origin: Double, scale: Double, offset: Int, count: Int) -> [Tap] {
        range.map { d in
            let s = min(max((Double(d) + 0.5 - origin) / scale - Double(offset) - 0.5, 0), Double(count - 1))
            let first = Int(s)
            return Tap(first: first, second: min(first + 1, count - 1), weight: Int(((s - Double(first)) * 256).rounded()))
        }
    }

    /// Bilinear in whole numbers: the taps are worked out once a column and once a row, the
    /// palette premultiplied once a picture. The pixel-by-pixel way in floating point took 295
    /// ms for a DVB panel on the emulated arm64 board, and its cue came late.
    private static func draw(_ image: SubtitleImage, scale: (x: Double, y: Double), left: Double, top: Double,
                             into pixels: inout [UInt8], size: PixelSize) {
        let x0 = max(0, Int((left + Double(image.x) * scale.x).rounded()))
        let y0 = max(0, Int((top + Double(image.y) * scale.y).rounded()))
        let x1 = min(size.width, Int((left + Double(image.x + image.width) * scale.x).rounded()))
        let y1 = min(size.height, Int((top + Double(image.y + image.height) * scale.y).rounded()))
        // Its fields can be changed after `init` checked them: never read past the indices.
        guard x0 < x1, y0 < y1, image.indices.count == image.width * image.height else { return }
        let columns = taps(x0..<x1, origin: left, scale: scale.x, offset: image.x, count: image.width)
        let rows = taps(y0..<y1, origin: top, scale: scale.y, offset: image.y, count: image.height)
        let colours = image.premultipliedPalette
        let width = image.width, stride = size.width
        image.indices.withUnsafeBufferPointer { indices in
            colours.withUnsafeBufferPointer { colours in
                pixels.withUnsafeMutableBufferPointer { out in
                    for (dy, row) in rows.enumerated() {
                        let above = row.first * width, below = row.second * width, fy = row.weight
                        for (dx, column) in columns.enumerated() {
                            let fx = column.weight
                            let c00 = colours[Int(indices[above + column.first])], c10 = colours[Int(indices[above + column.second])]
                            let c01 = colours[Int(indices[below + column.first])], c11 = colours[Int(indices[below + column.second])]
                            // One channel (at bit `shift`) of the four, mixed: 0...255.
                            func mix(_ shift: UInt32) -> Int {
                                let a = Int((c00 >> shift) & 0xff), b = Int((c10 >> shift) & 0xff)
                                let c = Int((c01 >> shift) & 0xff), d = Int((c11 >> shift) & 0xff)
                                let upper = a * (256 - fx) + b * fx, lower = c * (256 - fx) + d * fx
                                return (upper * (256 - fy) + lower * fy + 32768) >> 16
                            }
                            let alpha = mix(24)
                            guard alpha > 0 else { continue }
                            let p = ((y0 + dy) * stride + x0 + dx) * 4, keep = 255 - alpha
                            out[p] = UInt8(min(255, mix(0) + Int(out[p]) * keep / 255))
                            out[p + 1] = UInt8(min(255, mix(8) + Int(out[p + 1]) * keep / 255))
                            out[p + 2] = UInt8(min(255, mix(16) + Int(out[p + 2]) * keep / 255))
                            out[p + 3] = UInt8(min(255, alpha + Int(out[p + 3]) * keep / 255))
                        }
                    }
                }
            }
        }
    }
}
