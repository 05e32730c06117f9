/// The format decoded pictures are converted to for a plane: its best RGB format. Direct YUV
/// scan-out (the decoder's pictures as they are) is not built: no emulated driver here offers a
/// YUV plane to prove it on.
public enum PlaneFormatChoice: Sendable, Hashable, CustomStringConvertible {
    case convert(to: FourCC)

    /// RGB formats a plane may offer, best first: 8 bits per channel without alpha work, then
    /// with alpha (opaque), then 16-bit 565 as a last resort.
    public static let rgbPreference: [FourCC] = [.xrgb8888, .xbgr8888, .argb8888, .abgr8888, .rgb565]

    /// nil when the plane takes no RGB format we can write.
    public static func choose(planeFormats: [FourCC]) -> PlaneFormatChoice? {
        rgbPreference.first(where: planeFormats.contains).map { .convert(to: $0) }
    }

    public var format: FourCC {
        switch self {
        case .convert(to: let f): return f
        }
    }

    public var description: String {
        switch self {
        case .convert(let f): return "converted to \(f)"
        }
    }
}
