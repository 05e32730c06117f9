import Playhead

/// What the command router may ask of the player and its outputs. The live one wraps a
/// QueuePlayer and the DRM and ALSA sinks; tests give a fake. Nothing here may block: the
/// player's calls post to its engine.
public protocol PlayerControl: AnyObject, Sendable {
    func play()
    func pause()
    var isPaused: Bool { get }
    var defaultRate: Double { get set }
    func setRate(_ rate: Double)
    /// Plays at `rate`, or says why the current item cannot (its capabilities); nothing changes then.
    func requestRate(_ rate: Double) -> String?
    /// Paused, the picture `count` pictures away from the one on screen; or why not.
    func step(by count: Int) -> String?
    /// The current item's sound and subtitle groups (empty: nothing open, or none).
    func selectionGroups() -> [MediaSelectionGroup]
    func currentSelection() -> MediaSelection
    /// Plays `option` of `group` (nil: no subtitles); nil when done, else why not.
    func select(_ option: MediaSelectionOption?, in group: MediaSelectionGroup) -> String?
    var volume: Float { get set }
    var isMuted: Bool { get set }
    func setLooping(_ on: Bool)
    /// The current item's time and duration in seconds (nil: nothing plays, or unknown).
    func currentSeconds() -> Double?
    func durationSeconds() -> Double?
    func seek(toSeconds seconds: Double, exact: Bool)
    func beginInterruption(duck: Float?)
    func endInterruption(shouldResume: Bool)
    /// The entry the player is on (nil: none).
    var currentEntryID: Int? { get }
    /// The player's queue becomes these entries; the current one goes on when it stays first.
    func play(entries: [Playlist.Entry])
    func advance()
    func routes() -> [AudioRoute]
    var currentRoute: AudioRoute? { get }
    func overrideRoute(to route: AudioRoute)
    func display() -> ReplyValue
    /// Only the output's mode, for status: asked several times a second by a page or a monitor,
    /// it must not walk every card's connectors and planes as `display` does.
    func displayMode() -> ReplyValue
    /// The part of each picture shown (a video wall's tile, a crop), for status.
    func pictureWindow() -> PictureWindow
    /// Reserves the next name in the screenshot folder and saves the next frame there.
    func screenshot() -> Result<String, CommandError>
    /// Waits (blocking) until the screenshot at `path` is written (nil) or will not be (why).
    func screenshotOutcome(_ path: String, waitingMilliseconds: Int) -> String?
    /// Counters: playback, display and sound.
    func statistics() -> [ReplyValue.Field]
    /// The item's status and the player's state in words (playing, paused, waiting, failed).
    func state() -> PlayerState
    /// Test only: block the playback loop (see Player.wedgeForTesting).
    func wedgeForTesting(seconds: Double)
    /// Switches the screen off or on; nil when done, else why not.
    /// `keepingSound`: playback goes on while off; when the sound goes over HDMI, off is then
    /// a black picture, as the sound needs the picture's signal.
    func setScreenPower(_ on: Bool, keepingSound: Bool) -> String?
    /// Whether the screen is off (`display off`); nil: there is no screen.
    var isScreenOff: Bool? { get }
    /// A sync group's follower joining its leader: the current item's `itemTime` shown at
    /// `host` (monotonic nanoseconds), played at `rate` from there.
    func play(at itemTime: Int64, host: Int64, rate: PlaybackRate)
    /// The current entry, its item's time at `host` (monotonic nanoseconds) and its length,
    /// read together.
    func playingPlace(atHost host: Int64) -> PlayingPlace
    /// Paused, the slate saying `text`.
    func holdSlate(saying text: String)
    /// The rate the player plays at now, exactly (0 when paused).
    var exactRate: PlaybackRate { get }
}

extension PlayerControl {
    public func requestRate(_ rate: Double) -> String? {
        setRate(rate)
        return nil
    }
    public func step(by count: Int) -> String? { "step: this player cannot show one picture at a time" }
    public func selectionGroups() -> [MediaSelectionGroup] { [] }
    public func currentSelection() -> MediaSelection { MediaSelection() }
    public func select(_ option: MediaSelectionOption?, in group: MediaSelectionGroup) -> String? {
        "this player has no tracks to choose from"
    }
    public func displayMode() -> ReplyValue { display()["mode"] ?? .null }
    public func pictureWindow() -> PictureWindow { .whole }
}
