/// A decoded picture, owned by the backend that made it. Sinks reach the pixels only through
/// the backend's own calls (conversion into a display buffer, a digest), so no raw pointer
/// crosses a module boundary.
public protocol VideoPicture: AnyObject, Sendable {
    var size: PixelSize { get }
    /// FFmpeg's pixel format name ("yuv420p", "nv12"...).
    var pixelFormatName: String { get }
    /// A 64-bit FNV-1a digest of the visible pixels, plane by plane, for tests and capture.
    func digest() -> UInt64
    /// Draws the `source` part of the picture, scaled, into the `destination` rectangle of
    /// `canvas`, converting to the canvas' format. Leaves the rest of the canvas alone.
    /// `source` is in the upright picture's coordinates (see `rotation`), except in a plane's
    /// own YUV buffer, which takes the picture as stored for the plane to turn.
    func draw(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError)
    /// Like `draw`, with the picture left as stored (`source` in stored coordinates), for a
    /// plane that turns it.
    func drawAsStored(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError)
    /// How the stored picture must be turned to be upright (the file's display matrix).
    var rotation: PictureRotation { get }
    /// How the YUV numbers map to colours, for a plane that converts them itself.
    var colorimetry: YUVColorimetry { get }
    /// The shape of a stored pixel: an anamorphic picture is shown wider (or taller) than stored.
    var pixelAspect: PixelAspect { get }
}

extension VideoPicture {
    public var rotation: PictureRotation { .none }
    /// A picture that is never turned is stored upright.
    public func drawAsStored(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError) {
        guard rotation == .none else {
            throw PlaybackError(.internalError, "\(type(of: self)) cannot be drawn as stored; its turn (\(rotation.rawValue) degrees) would be lost")
        }
        try draw(source, into: canvas, at: destination)
    }
    public var colorimetry: YUVColorimetry {
        .from(colorSpace: "unknown", range: "unknown", pixelFormat: pixelFormatName, height: size.height)
    }
    public var pixelAspect: PixelAspect { .square }
    /// The stored picture turned upright: the coordinates `draw` takes its source in.
    public var uprightSize: PixelSize { rotation.upright(size) }
    /// The shape the picture is shown in: its pixels made square, then turned upright.
    public var uprightDisplaySize: PixelSize { rotation.upright(pixelAspect.displaySize(of: size)) }
}

public struct VideoFrame: Sendable {
    /// Presentation time on the item's timeline.
    public var pts: MediaTime
    /// How long the frame is meant to stay on screen (from the next frame or the frame rate).
    public var duration: MediaTime
    public var isKeyframe: Bool
    public var picture: any VideoPicture
    /// Non-zero when the engine wants to hear that this frame reached the screen (an item's
    /// first frame): sinks that know when a frame is really shown report the tag back.
    public var displayTag: UInt64 = 0
    /// A still overlay's picture (a subtitle): shown late rather than dropped, since it stays
    /// until the next and a dropped one would leave the old text up, or none, for its time.
    public var showsEvenLate = false
    /// The stream's nominal rate in frames per 1000 s (25000 for 25 fps), for a display mode
    /// that follows the content; nil when unknown.
    public var nominalFrameRate: Int?
    /// The first picture after the stream's own clock jumped (taken out: its time follows on),
    /// for the engine to announce.
    public var followsClockJump = false

    public init(pts: MediaTime, duration: MediaTime, isKeyframe: Bool, picture: any VideoPicture) {
        self.pts = pts
        self.duration = duration
        self.isKeyframe = isKeyframe
        self.picture = picture
    }

    public var end: MediaTime { pts + duration }
}
