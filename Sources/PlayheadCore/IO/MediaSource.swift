/// How the source should decode: the audio format the sink wants, decoder threads, the
/// direction of reading.
public struct SourceOptions: Sendable, Hashable {
    public var audioFormat: AudioFormat
    /// 0 lets the decoder choose.
    public var decodeThreads: Int
    /// Bound on every network wait, in nanoseconds.
    public var networkTimeoutNanoseconds: Int64
    /// The most decoded pictures reverse playback holds at once (see `ReverseWindow`): a GOP
    /// longer than this is decoded again for each such run of frames, trading decoding time
    /// for memory (16 pictures of 1080p are 50 MB; a 10 s GOP at 25 fps would be 780 MB).
    public var reverseFrameLimit: Int
    /// HTTP streams reconnect after a drop, a network error or a 5xx answer, waiting at most
    /// this many seconds between tries; nil: they do not.
    public var reconnectDelayMaxSeconds: Int?
    /// How HTTPS servers are trusted.
    public var tls: TLSPolicy
    /// How long a still picture shows (see `StillPicture`).
    public var stillDuration: MediaTime = StillPicture.defaultDuration
    /// The sound track to play (`TrackInfo.trackID`); nil, or one that is not a sound track:
    /// the container's best.
    public var audioTrackID: Int?

    public init(audioFormat: AudioFormat = .standard, decodeThreads: Int = 0,
                networkTimeoutNanoseconds: Int64 = 10_000_000_000, reverseFrameLimit: Int = 16,
                reconnectDelayMaxSeconds: Int? = nil,
                tls: TLSPolicy = .checked) {
        self.reconnectDelayMaxSeconds = reconnectDelayMaxSeconds
        self.tls = tls
        self.audioFormat = audioFormat
        self.decodeThreads = decodeThreads
        self.networkTimeoutNanoseconds = networkTimeoutNanoseconds
        self.reverseFrameLimit = max(1, reverseFrameLimit)
    }
}

/// An opened item: demux and decode run on the source's own threads and fill bounded queues
/// that the engine pulls from without blocking.
public protocol MediaSource: AnyObject, Sendable {
    var info: MediaInfo { get }
    /// Starts the worker threads. `wake` is called (from any thread) whenever a pull that
    /// returned `.pending` may now return something else.
    func start(wake: @escaping @Sendable () -> Void)
    func pullVideo() -> SourcePull<VideoFrame>
    func pullAudio() -> SourcePull<AudioBuffer>
    /// Drops everything queued and restarts decoding at the last keyframe at or before `time`.
    /// Nothing decoded before the call is pulled after it. With `backwards`, the source then
    /// delivers video in descending time, one GOP at a time, and no audio.
    func seek(to time: MediaTime, backwards: Bool)
    /// Stops decoding a track type (and drops what is queued), or starts it again.
    func setEnabled(_ enabled: Bool, mediaType: MediaType)
    /// Plays another of its sound tracks (one of `info.selectionGroups`' audible options) from
    /// `time` on, without a gap in the picture; the sound already queued for the device plays
    /// out first.
    func selectAudioTrack(_ trackID: Int, from time: MediaTime) throws(SelectionRefusal)
    /// Time ranges already demuxed, on the item's timeline.
    func loadedTimeRanges() -> [MediaTimeRange]
    /// Lets the video decoder leave frames out while playback runs late.
    func setDecodeSkip(_ skip: DecodeSkip)
    /// Stops the threads and frees everything; pulls afterwards return `.endOfStream`.
    func close()
}

extension MediaSource {
    public func setDecodeSkip(_ skip: DecodeSkip) {}

    public func selectAudioTrack(_ trackID: Int, from time: MediaTime) throws(SelectionRefusal) {
        throw SelectionRefusal("this source plays one sound track; open the item again to change it")
    }
}

/// A location opened far enough to know what it holds (its container read and probed), with
/// no decoder yet: what an asset learns its keys from, and what playback then starts from, so
/// that an item is opened once.
public protocol ProbedMedia: AnyObject, Sendable {
    var info: MediaInfo { get }
    /// Opens the decoders and makes the source. At most once: the source owns what the probe
    /// opened from then on.
    func makeSource(options: SourceOptions) throws(PlaybackError) -> any MediaSource
    /// Lets go of what the probe opened, when no source will be made from it.
    func close()
}

/// Opens locations into sources. Opening blocks (probing, network), so callers run it on a
/// thread of their own.
public protocol MediaBackend: Sendable {
    /// Reads the container and its tracks, without opening decoders. `options` bounds the
    /// network waits.
    func probe(_ location: MediaLocation, options: SourceOptions) throws(PlaybackError) -> any ProbedMedia
}

extension MediaBackend {
    /// Probes and makes the source at once.
    public func open(_ location: MediaLocation, options: SourceOptions) throws(PlaybackError) -> any MediaSource {
        try probe(location, options: options).makeSource(options: options)
    }
}
