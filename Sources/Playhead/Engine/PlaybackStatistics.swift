/// Counters for the console and benchmarks.
public struct PlaybackStatistics: Sendable, Hashable {
    public var framesPresented = 0
    public var framesDropped = 0
    /// Frames shown more than one frame after their time.
    public var framesLate = 0
    /// How late the last picture was handed to the display against the playback clock (the
    /// sound's, when there is sound): the A/V offset as the engine sees it; negative is early.
    public var lastPictureOffsetNanoseconds: Int64 = 0
    public var audioFramesWritten: Int64 = 0
    public var stalls = 0
    /// Items tried again after they failed.
    public var restarts = 0
    /// How often the decoder was told to skip more or fewer frames to keep up.
    public var decodeSkipChanges = 0
    /// The most decoding was ever left out.
    public var decodeSkipDeepest = DecodeSkip.none
    public init() {}
}
