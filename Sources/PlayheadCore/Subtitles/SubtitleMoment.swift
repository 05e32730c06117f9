/// What the drawer of subtitles asks the player at each look: which subtitle track shows (an
/// item and its chosen option, as a key its loader understands), where the item is, how fast.
public struct SubtitleMoment: Sendable, Equatable {
    public var track: String
    public var milliseconds: Int64
    public var rate: Double
    /// The item's video as stored and the shape of its pixels: a bitmap subtitle's canvas of the
    /// video's own size is shown in the video's shape (an anamorphic film's wider).
    public var videoSize: PixelSize
    public var videoPixelAspect: PixelAspect

    public init(track: String, milliseconds: Int64, rate: Double, videoSize: PixelSize = .zero, videoPixelAspect: PixelAspect = .square) {
        self.track = track
        self.milliseconds = milliseconds
        self.rate = rate
        self.videoSize = videoSize
        self.videoPixelAspect = videoPixelAspect
    }
}
