/// How a YUV picture's numbers map to colours: the matrix (BT.601, BT.709, BT.2020) and the
/// range (limited 16-235, full 0-255). A plane that scans YUV out converts with what its
/// COLOR_ENCODING and COLOR_RANGE properties say, so they must follow the stream or the picture
/// comes out too pale, too dark or with shifted hues.
public struct YUVColorimetry: Sendable, Hashable, CustomStringConvertible {
    public enum Encoding: Sendable, Hashable {
        case bt601, bt709, bt2020

        /// The enum name of the plane's COLOR_ENCODING property.
        public var drmName: String {
            switch self {
            case .bt601: return "ITU-R BT.601 YCbCr"
            case .bt709: return "ITU-R BT.709 YCbCr"
            case .bt2020: return "ITU-R BT.2020 YCbCr"
            }
        }
    }

    public enum Range: Sendable, Hashable {
        case limited, full

        /// The enum name of the plane's COLOR_RANGE property.
        public var drmName: String { self == .full ? "YCbCr full range" : "YCbCr limited range" }
    }

    public var encoding: Encoding
    public var range: Range

    public init(encoding: Encoding, range: Range) {
        self.encoding = encoding
        self.range = range
    }

    /// From FFmpeg's names for the stream's colour space and range ("bt709", "smpte170m", "pc",
    /// "unknown"...). An unknown matrix is guessed from the height the way players and TVs do:
    /// HD (720 lines and more) is BT.709, SD is BT.601. An unknown range is limited, except for
    /// the JPEG-style formats (`yuvj420p`), which are full by definition.
    public static func from(colorSpace: String, range: String, pixelFormat: String, height: Int) -> YUVColorimetry {
        let encoding: Encoding
        switch colorSpace {
        case "bt709": encoding = .bt709
        case "bt470bg", "smpte170m", "bt601", "fcc", "smpte240m": encoding = .bt601
        case "bt2020nc", "bt2020c": encoding = .bt2020
        default: encoding = height >= 720 ? .bt709 : .bt601
        }
        let full = range == "pc" || range == "jpeg" || (range != "tv" && range != "mpeg" && pixelFormat.hasPrefix("yuvj"))
        return YUVColorimetry(encoding: encoding, range: full ? .full : .limited)
    }

    public var description: String {
        let matrix: String
        switch encoding {
        case .bt601: matrix = "BT.601"
        case .bt709: matrix = "BT.709"
        case .bt2020: matrix = "BT.2020"
        }
        return "\(matrix), \(range == .full ? "full" : "limited") range"
    }
}
