/// The shape of one stored pixel, width to height (FFmpeg's sample aspect ratio): 1:1 for most
/// files; 16:11 or 64:45 in a 720x576 broadcast recording shown at 16:9. AVFoundation's
/// presentationSize is the stored size with it applied; the screen shows that shape.
public struct PixelAspect: Sendable, Hashable, CustomStringConvertible {
    public let width: Int
    public let height: Int

    public static let square = PixelAspect(width: 1, height: 1)

    /// Unknown (0:0, FFmpeg's "not set"), negative or beyond 4:1 either way (a damaged header:
    /// no real format stretches more) is square.
    public init(width: Int, height: Int) {
        guard width > 0, height > 0, width <= 4 * height, height <= 4 * width else {
            self.width = 1
            self.height = 1
            return
        }
        var a = width, b = height
        while b != 0 { (a, b) = (b, a % b) }
        self.width = width / a
        self.height = height / a
    }

    public var isSquare: Bool { width == height }

    /// The stored picture's size as shown: one side stretched, never shrunk (a narrow pixel
    /// makes the picture taller, not thinner), rounded to the nearest pixel.
    public func displaySize(of stored: PixelSize) -> PixelSize {
        if width > height {
            return PixelSize(width: (stored.width * width + height / 2) / height, height: stored.height)
        }
        if height > width {
            return PixelSize(width: stored.width, height: (stored.height * height + width / 2) / width)
        }
        return stored
    }

    public var description: String { "\(width):\(height)" }
}
