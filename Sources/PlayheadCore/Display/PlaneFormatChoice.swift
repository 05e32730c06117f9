/// How decoded pictures reach a plane: as they are, when the plane scans out the decoder's
/// format, or converted to the plane's best RGB format.
public enum PlaneFormatChoice: Sendable, Hashable, CustomStringConvertible {
    case direct(FourCC)
    case convert(to: FourCC)

    /// RGB formats a plane may offer, best first: 8 bits per channel without alpha work, then
    /// with alpha (opaque), then 16-bit 565 as a last resort.
    public static let rgbPreference: [FourCC] = [.xrgb8888, .xbgr8888, .argb8888, .abgr8888, .rgb565]

    /// The DRM format that carries each FFmpeg decoder format unchanged.
    public static func drmFormat(forDecoderFormat name: String) -> FourCC? {
        switch name {
        case "nv12": return .nv12
        case "yuv420p", "yuvj420p": return .yuv420
        case "p010le": return .p010
        default: return nil
        }
    }

    /// nil when the plane takes neither the decoder's format nor any RGB format we can write.
    public static func choose(decoderFormat: String, planeFormats: [FourCC]) -> PlaneFormatChoice? {
        if let native = drmFormat(forDecoderFormat: decoderFormat), planeFormats.contains(native) {
            return .direct(native)
        }
        return rgbPreference.first(where: planeFormats.contains).map { .convert(to: $0) }
    }

    public var format: FourCC {
        switch self {
        case .direct(let f), .convert(to: let f): return f
        }
    }

    public var description: String {
        switch self {
        case .direct(let f): return "\(f) straight from the decoder"
        case .convert(let f): return "converted to \(f)"
        }
    }
}
