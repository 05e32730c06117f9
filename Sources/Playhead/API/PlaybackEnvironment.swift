import PlayheadSys

/// Everything a player plays through: the backend that opens media, the outputs and the clock.
/// The executable builds one from the command line; tests build one from fakes.
public struct PlaybackEnvironment: Sendable {
    public var backend: any MediaBackend
    public var videoSink: any VideoSink
    public var audioSink: any AudioSink
    public var clock: any HostClock
    public var sourceOptions: SourceOptions
    /// Watches the sound devices. Used only when `audioSink` is also `AudioRouting`: the player
    /// then follows devices coming and going (see `RoutePolicy`) and reports `.routeChanged`.
    public var routeMonitor: (any AudioRouteMonitor)?
    /// Route names or card ids, most preferred first; routes not listed come after, in order
    /// of appearance.
    public var routePreferences: [String]
    /// Makes the stretcher that plays the sound at rates from 0.5 to 2 with its pitch kept.
    /// Without one, the sound is muted at every rate but 1.
    public var timeStretcher: AudioTimeStretcherFactory?
    /// Whether and how a failed item is tried again; by default it is not (AVFoundation's way).
    public var restart: RestartPolicy.Settings = .never
    /// What the screen shows while an item waits to be tried again, as 0xRRGGBB.
    public var slateColor: UInt32 = 0x10_20_40
    /// A stall longer than this fails the item (nil: a stall waits for as long as it lasts).
    public var stallLimitNanoseconds: Int64?
    /// Play again when the sound card whose loss paused playback comes back (see RoutePolicy).
    public var resumeWhenRouteReturns = false
    /// Players that start together (a `group=` of layers): this one's place among them.
    public var startGroup: StartGroupMember?
    /// The board's decoding, shared with the other players on it: this one's place in it.
    public var decodeBudget: DecodeBudgetMember?
    /// Tests: no engine thread; the loop runs one pass per `Player.step()`, items open and time
    /// observers are called within the step, and the test moves the (virtual) clock itself.
    @_spi(Testing) public var stepped = false
    /// The languages items pick their sound and subtitles in when they open (the player's
    /// `setMediaSelectionCriteria` changes them later).
    public var selectionCriteria: MediaSelectionCriteria = .none

    public init(backend: any MediaBackend, videoSink: any VideoSink, audioSink: any AudioSink,
                clock: any HostClock, sourceOptions: SourceOptions = SourceOptions(),
                routeMonitor: (any AudioRouteMonitor)? = nil, routePreferences: [String] = [],
                timeStretcher: AudioTimeStretcherFactory? = nil) {
        self.backend = backend
        self.timeStretcher = timeStretcher
        self.routeMonitor = routeMonitor
        self.routePreferences = routePreferences
        self.videoSink = videoSink
        self.audioSink = audioSink
        self.clock = clock
        var options = sourceOptions
        options.audioFormat = audioSink.format
        self.sourceOptions = options
    }

    /// Null outputs on the real clock, or as fast as possible when `untimed`.
    public static func headless(backend: any MediaBackend, untimed: Bool = false,
                                options: SourceOptions = SourceOptions()) -> PlaybackEnvironment {
        let clock: any HostClock = untimed ? VirtualClock() : MonotonicClock()
        return PlaybackEnvironment(backend: backend, videoSink: NullVideoSink(),
                                   audioSink: NullAudioSink(clock: clock), clock: clock,
                                   sourceOptions: options)
    }
}
