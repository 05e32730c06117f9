import Playhead
import PlayheadSys

/// A picture whose digest is its frame number, so tests can tell frames apart. Drawn, it fills
/// its destination with one colour made from that number.
public final class FakePicture: VideoPicture {
    public let number: Int
    public init(number: Int) { self.number = number }
    public var size: PixelSize { PixelSize(width: 16, height: 16) }
    public var pixelFormatName: String { "fake" }
    public func digest() -> UInt64 { UInt64(number) }

    public var colour: UInt32 { 0x0010_2030 &+ UInt32(truncatingIfNeeded: number) &* 0x0001_0101 }

    public func draw(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError) {
        guard let target = canvas as? MappedCanvas else { throw PlaybackError(.internalError, "fake pictures draw into mapped canvases") }
        let value = colour
        target.withUnsafeMutableBytes { bytes in
            for y in destination.y..<(destination.y + destination.height) {
                for x in destination.x..<(destination.x + destination.width) {
                    bytes.storeBytes(of: value, toByteOffset: y * target.stride + x * 4, as: UInt32.self)
                }
            }
        }
    }
}
