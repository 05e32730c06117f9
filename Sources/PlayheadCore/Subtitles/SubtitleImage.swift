/// One picture of a bitmap subtitle (DVB, PGS, DVD): palette indices, a byte a pixel, and the
/// palette (0xAARRGGBB, straight alpha, as FFmpeg's decoders give it), placed on the
/// subtitle's own canvas (`SubtitleCue.canvas`), which stands for the whole video picture.
public struct SubtitleImage: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var indices: [UInt8]
    public var palette: [UInt32]

    /// nil when the sizes do not add up: a damaged stream's picture is left out, never read past.
    public init?(x: Int, y: Int, width: Int, height: Int, indices: [UInt8], palette: [UInt32]) {
        guard width > 0, height > 0, width <= Self.largestSide, height <= Self.largestSide,
              indices.count == width * height, !palette.isEmpty, palette.count <= 256 else { return nil }
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.indices = indices
        self.palette = palette
    }

    /// A subtitle picture larger than a 4K canvas is a damaged stream's.
    public static let largestSide = 4096

    /// The colour of the pixel at (`column`, `row`) as premultiplied blue, green, red, alpha;
    /// an index past the palette is clear.
    public func premultipliedBGRA(column: Int, row: Int) -> (b: Int, g: Int, r: Int, a: Int) {
        let index = Int(indices[row * width + column])
        guard index < palette.count else { return (0, 0, 0, 0) }
        let argb = palette[index]
        let a = Int(argb >> 24)
        return (Int(argb & 0xff) * a / 255, Int((argb >> 8) & 0xff) * a / 255, Int((argb >> 16) & 0xff) * a / 255, a)
    }

    /// Every index's colour as `premultipliedBGRA` gives it, packed B | G << 8 | R << 16 | A << 24:
    /// 256 entries, those past the palette clear, so that any index byte finds one.
    public var premultipliedPalette: [UInt32] {
        (0..<256).map { i in
            guard i < palette.count else { return 0 }
            let argb = palette[i], a = argb >> 24
            let b = (argb & 0xff) * a / 255, g = ((argb >> 8) & 0xff) * a / 255, r = ((argb >> 16) & 0xff) * a / 255
            return b | g << 8 | r << 16 | a << 24
        }
    }

    /// The bytes it holds, for a bound on a track read whole.
    public var byteCount: Int { indices.count + palette.count * 4 }
}
