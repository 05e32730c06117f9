/// Where the planes of a YUV picture lie in one scan-out buffer. A dumb buffer is allocated as
/// 8-bit rows of `pitch` bytes; the luma rows come first and the chroma rows follow, as the
/// framebuffer's per-plane offsets and pitches tell the driver.
public struct YUVPlaneLayout: Sendable, Hashable {
    public struct Plane: Sendable, Hashable {
        public var offset: Int
        public var pitch: Int
        /// Bytes of picture in each row (the rest of the pitch is padding).
        public var rowBytes: Int
        public var rows: Int
    }

    public var format: FourCC
    /// Even sizes: 4:2:0 chroma covers pixel pairs, so odd pictures get one padding column/row.
    public var size: PixelSize
    public var planes: [Plane]

    /// The formats a picture can be copied into as it is decoded (see `direct(forPixelFormat:)`).
    public static let formats: [FourCC] = [.yuv420, .nv12]

    /// The scan-out format that holds FFmpeg's `pixelFormat` without conversion, if any.
    public static func direct(forPixelFormat pixelFormat: String) -> FourCC? {
        switch pixelFormat {
        case "yuv420p", "yuvj420p": return .yuv420
        case "nv12": return .nv12
        default: return nil
        }
    }

    /// The size of 8-bit buffer to allocate for a `picture` in `format`: luma rows plus half as
    /// many chroma rows. nil for formats this layout does not know.
    public static func allocation(format: FourCC, picture: PixelSize) -> PixelSize? {
        guard formats.contains(format) else { return nil }
        let even = evenSize(picture)
        return PixelSize(width: even.width, height: even.height + even.height / 2)
    }

    /// The planes in a buffer of `pitch` bytes per row. nil for an unknown format or a pitch
    /// too small for the picture.
    public init?(format: FourCC, picture: PixelSize, pitch: Int) {
        let even = Self.evenSize(picture)
        guard pitch >= even.width, pitch % 2 == 0, even.width > 0, even.height > 0 else { return nil }
        let luma = Plane(offset: 0, pitch: pitch, rowBytes: even.width, rows: even.height)
        let chromaStart = pitch * even.height
        switch format {
        case .yuv420:
            let quarter = (pitch / 2) * (even.height / 2)
            planes = [
                luma,
                Plane(offset: chromaStart, pitch: pitch / 2, rowBytes: even.width / 2, rows: even.height / 2),
                Plane(offset: chromaStart + quarter, pitch: pitch / 2, rowBytes: even.width / 2, rows: even.height / 2),
            ]
        case .nv12:
            planes = [luma, Plane(offset: chromaStart, pitch: pitch, rowBytes: even.width, rows: even.height / 2)]
        default:
            return nil
        }
        self.format = format
        size = even
    }

    /// Bytes the planes need from the start of the buffer.
    public var byteCount: Int { planes.map { $0.offset + $0.pitch * $0.rows }.max() ?? 0 }

    /// The picture's size rounded up to whole pixel pairs.
    public static func evenSize(_ s: PixelSize) -> PixelSize {
        PixelSize(width: (s.width + 1) & ~1, height: (s.height + 1) & ~1)
    }
}
