import Playhead

/// A picture whose digest is its frame number, so tests can tell frames apart.
public final class FakePicture: VideoPicture {
    public let number: Int
    public init(number: Int) { self.number = number }
    public var size: PixelSize { PixelSize(width: 16, height: 16) }
    public var pixelFormatName: String { "fake" }
    public func digest() -> UInt64 { UInt64(number) }
}
