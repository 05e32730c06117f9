/// A DRM pixel format code: four ASCII characters packed little-endian ("XR24", "NV12").
public struct FourCC: Sendable, Hashable, CustomStringConvertible {
    public var rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// nil unless `code` is exactly four ASCII characters.
    public init?(_ code: String) {
        let bytes = Array(code.utf8)
        guard bytes.count == 4, bytes.allSatisfy({ $0 < 128 }) else { return nil }
        rawValue = bytes.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    public var description: String {
        String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (8 * $0)) }, as: UTF8.self)
    }

    public static let xrgb8888 = FourCC("XR24")!
    public static let argb8888 = FourCC("AR24")!
    public static let xbgr8888 = FourCC("XB24")!
    public static let abgr8888 = FourCC("AB24")!
    public static let rgb565 = FourCC("RG16")!
    public static let nv12 = FourCC("NV12")!
    public static let yuv420 = FourCC("YU12")!
    public static let p010 = FourCC("P010")!
}
