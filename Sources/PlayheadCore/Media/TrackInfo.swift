/// What a container says about one of its streams.
public struct TrackInfo: Sendable, Hashable {
    public var trackID: Int
    public var mediaType: MediaType
    /// Codec short name as FFmpeg spells it ("h264", "aac", "vp9"...).
    public var codec: String
    public var naturalSize: PixelSize
    /// Nominal frame rate as frames per `frameRate.timescale` seconds; invalid when unknown.
    public var frameRate: MediaTime
    public var sampleRate: Int
    public var channelCount: Int
    /// ISO 639 language code from the container, or nil.
    public var language: String?
    public var duration: MediaTime
    /// How the stored pictures must be turned to stand upright (AVFoundation's
    /// preferredTransform, in quarter turns); `naturalSize` is the stored size.
    public var preferredRotation: PictureRotation = .none
    /// The shape of a stored pixel (anamorphic video is shown wider than `naturalSize`).
    public var pixelAspect: PixelAspect = .square
    /// The container's name for it ("Director's commentary"), or nil.
    public var title: String?
    /// What it is for: main, forced, commentary... (see `TrackTraits`).
    public var traits: TrackTraits = []

    public init(trackID: Int, mediaType: MediaType, codec: String, naturalSize: PixelSize = .zero,
                frameRate: MediaTime = .invalid, sampleRate: Int = 0, channelCount: Int = 0,
                language: String? = nil, duration: MediaTime = .indefinite) {
        self.trackID = trackID
        self.mediaType = mediaType
        self.codec = codec
        // Negative sizes, rates and counts (a damaged header) are unknown, not numbers to size
        // buffers with.
        self.naturalSize = PixelSize(width: max(naturalSize.width, 0), height: max(naturalSize.height, 0))
        self.frameRate = frameRate
        self.sampleRate = max(sampleRate, 0)
        self.channelCount = max(channelCount, 0)
        self.language = language
        self.duration = duration
    }

    /// Frames per second for display.
    public var nominalFrameRate: Double {
        frameRate.isNumeric ? Double(frameRate.value) / Double(frameRate.timescale) : 0
    }
}
