import Glibc
import PlayheadCore

/// Memory mapped from a device (a DRM dumb buffer) or allocated, seen as a picture canvas.
/// The owner of the bytes: it unmaps or frees them when it goes.
public final class MappedCanvas: PictureCanvas, @unchecked Sendable {
    public let format: FourCC
    public let size: PixelSize
    public let stride: Int
    private let base: UnsafeMutableRawPointer
    public let count: Int
    private let mapped: Bool
    /// Where the planes are, for a YUV canvas; nil for the single-plane RGB ones.
    public let yuvLayout: YUVPlaneLayout?

    /// Takes over an mmap'ed region of `count` bytes.
    public init(mapping base: UnsafeMutableRawPointer, count: Int, format: FourCC, size: PixelSize, stride: Int,
                yuvLayout: YUVPlaneLayout? = nil) {
        self.base = base
        self.count = count
        self.format = format
        self.size = size
        self.stride = stride
        self.yuvLayout = yuvLayout
        mapped = true
    }

    /// Plain zeroed memory laid out as `layout`, for tests.
    public init(yuv layout: YUVPlaneLayout) {
        stride = layout.planes[0].pitch
        count = max(1, layout.byteCount)
        base = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        format = layout.format
        size = layout.size
        yuvLayout = layout
        mapped = false
    }

    /// Plain zeroed memory, for tests and software composition.
    public init(format: FourCC, size: PixelSize, bytesPerPixel: Int) {
        stride = size.width * bytesPerPixel
        count = max(1, stride * size.height)
        base = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        self.format = format
        self.size = size
        yuvLayout = nil
        mapped = false
    }

    deinit {
        if mapped { munmap(base, count) } else { base.deallocate() }
    }

    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeMutableRawBufferPointer(start: base, count: count))
    }

    /// Fills a rectangle with black (all zero bytes is black in every RGB format we write).
    public func clear(_ rect: PixelRect, bytesPerPixel: Int) {
        guard !rect.isEmpty else { return }
        for row in rect.y..<(rect.y + rect.height) {
            memset(base + row * stride + rect.x * bytesPerPixel, 0, rect.width * bytesPerPixel)
        }
    }

    /// Fills a rectangle of a 4-byte canvas with one pixel value (in the canvas' own order).
    public func fill(_ rect: PixelRect, pixel: UInt32) {
        guard !rect.isEmpty else { return }
        for row in rect.y..<(rect.y + rect.height) {
            let start = (base + row * stride + rect.x * 4).bindMemory(to: UInt32.self, capacity: rect.width)
            start.update(repeating: pixel.littleEndian, count: rect.width)
        }
    }

    /// Copies the picture of a 4-byte XRGB canvas as packed RGB bytes into `out` from `offset`.
    public func copyRGB(into out: inout [UInt8], at offset: Int) {
        let w = size.width, h = size.height
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                let row = (base + y * stride).assumingMemoryBound(to: UInt8.self)
                var o = offset + y * w * 3
                for x in 0..<w {
                    dst[o] = row[x * 4 + 2]
                    dst[o + 1] = row[x * 4 + 1]
                    dst[o + 2] = row[x * 4]
                    o += 3
                }
            }
        }
    }

    /// Copies the whole of `picture` (a canvas of this one's pixel format), turned by
    /// `rotation`, into `destination`, which must have the turned size. 2- and 4-byte pixels.
    public func copy(_ picture: MappedCanvas, turnedBy rotation: PictureRotation, into destination: PixelRect, bytesPerPixel: Int) {
        let from = picture.size
        guard bytesPerPixel == 2 || bytesPerPixel == 4, destination.size == rotation.upright(from),
              destination.x >= 0, destination.y >= 0, destination.x + destination.width <= size.width,
              destination.y + destination.height <= size.height else { return }
        // Along a stored row the upright point moves by one pixel in a fixed direction.
        let step: Int
        switch rotation {
        case .none: step = bytesPerPixel
        case .upsideDown: step = -bytesPerPixel
        case .clockwise90: step = stride
        case .clockwise270: step = -stride
        }
        for y in 0..<from.height {
            let start = rotation.uprightPoint(x: 0, y: y, stored: from)
            var to = (destination.y + start.y) * stride + (destination.x + start.x) * bytesPerPixel
            let row = picture.base + y * picture.stride
            if bytesPerPixel == 4 {
                for x in 0..<from.width {
                    base.storeBytes(of: row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self), toByteOffset: to, as: UInt32.self)
                    to += step
                }
            } else {
                for x in 0..<from.width {
                    base.storeBytes(of: row.loadUnaligned(fromByteOffset: x * 2, as: UInt16.self), toByteOffset: to, as: UInt16.self)
                    to += step
                }
            }
        }
    }

    /// The pixel at (x, y) as a 32-bit little-endian value (for 4-byte formats).
    public func pixel32(x: Int, y: Int) -> UInt32 {
        base.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }
}
