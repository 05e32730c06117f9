import Synchronization

/// The presentation state of one asset in a player (AVPlayerItem). The engine writes its
/// state; anyone may read it from any thread.
public final class PlayerItem: Sendable, Hashable, CustomStringConvertible {
    struct State {
        var status: ItemStatus = .unknown
        var error: PlaybackError?
        var errorLog: [ErrorLogEntry] = []
        var info: MediaInfo?
        var enabled: [MediaType: Bool] = [.video: true, .audio: true]
        var loaded: [MediaTimeRange] = []
        var toggleHandler: (@Sendable (PlayerItem, MediaType, Bool) -> Void)?
        var tracks: [PlayerItemTrack] = []
        /// What plays of each selection group (see PlayerItem+Selection).
        var selection = MediaSelection()
        /// The groups someone chose in, which automatic selection leaves alone.
        var chosen: Set<MediaCharacteristic> = []
        var selectionHandler: (@Sendable (PlayerItem, MediaCharacteristic) -> Void)?
    }

    public let asset: Asset
    /// How long the item shows when it is a still picture (a playlist's own duration for it);
    /// nil: the player's `SourceOptions.stillDuration`. Ignored for other media.
    public let stillDuration: MediaTime?
    /// Its name for people (a playlist's #EXTINF title); nil: none was given.
    public let title: String?
    let state = Mutex(State())

    public init(asset: Asset, stillDuration: MediaTime? = nil, title: String? = nil) {
        self.asset = asset
        self.stillDuration = stillDuration
        self.title = title
    }

    /// The title, or else the file's name (the last part of its path or URL), as signage shows it.
    public var displayTitle: String {
        if let title, !title.isEmpty { return title }
        let url = asset.url
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        return path.split(separator: "/").last.map(String.init) ?? url
    }

    public convenience init(url: String) {
        self.init(asset: Asset(url: url))
    }

    public var location: MediaLocation? { asset.location }

    public var status: ItemStatus { state.withLock { $0.status } }
    public var error: PlaybackError? { state.withLock { $0.error } }
    /// The most recent errors, oldest first, at most `errorLogCapacity` of them.
    public var errorLog: [ErrorLogEntry] { state.withLock { $0.errorLog } }
    public static let errorLogCapacity = 64
    public var duration: MediaTime { state.withLock { $0.info?.duration ?? .indefinite } }
    public var presentationSize: PixelSize { state.withLock { $0.info?.presentationSize ?? .zero } }
    public var tracks: [PlayerItemTrack] { state.withLock { $0.tracks } }
    public var loadedTimeRanges: [MediaTimeRange] { state.withLock { $0.loaded } }

    public var seekableTimeRanges: [MediaTimeRange] {
        state.withLock { s in
            guard let info = s.info, info.isSeekable, info.duration.isNumeric else { return [] }
            return [MediaTimeRange(start: .zero, duration: info.duration)]
        }
    }

    /// What it can be asked to do, from what opening it said; before that, nothing is refused
    /// and the engine checks again once it is open.
    public var capabilities: PlaybackCapabilities {
        state.withLock { $0.info.map(PlaybackCapabilities.init) ?? .unknown }
    }

    public var canPlayReverse: Bool { capabilities.canPlayReverse }
    public var canPlaySlowReverse: Bool { capabilities.canPlaySlowReverse }
    public var canPlayFastReverse: Bool { capabilities.canPlayFastReverse }
    public var canPlaySlowForward: Bool { capabilities.canPlaySlowForward }
    public var canPlayFastForward: Bool { capabilities.canPlayFastForward }
    public var canStepForward: Bool { capabilities.canStepForward }
    public var canStepBackward: Bool { capabilities.canStepBackward }

    func isEnabled(_ type: MediaType) -> Bool { state.withLock { $0.enabled[type] ?? false } }

    func setEnabled(_ enabled: Bool, mediaType: MediaType) {
        let handler = state.withLock { s -> (@Sendable (PlayerItem, MediaType, Bool) -> Void)? in
            guard s.enabled[mediaType] != enabled else { return nil }
            s.enabled[mediaType] = enabled
            return s.toggleHandler
        }
        handler?(self, mediaType, enabled)
    }

    /// Called by the engine: returns the status change to announce, if any.
    func apply(_ event: ItemStatusEvent, info: MediaInfo? = nil, error: PlaybackError? = nil,
               at date: HostTime) -> (ItemStatus, ErrorLogEntry?)? {
        state.withLock { s in
            if let info, s.info == nil {
                s.info = info
                s.tracks = Self.everyTrack(of: info).map { PlayerItemTrack(info: $0, item: self) }
            }
            var entry: ErrorLogEntry?
            if let error {
                let e = ErrorLogEntry(date: date, uri: asset.url, error: error)
                // Bounded: an item that fails on every turn of a loop for months must not grow.
                if s.errorLog.count == Self.errorLogCapacity { s.errorLog.removeFirst() }
                s.errorLog.append(e)
                entry = e
            }
            guard let next = s.status.next(on: event) else { return entry.map { (s.status, $0) } }
            s.status = next
            if let error, next == .failed { s.error = error }
            return (next, entry)
        }
    }

    func setLoaded(_ ranges: [MediaTimeRange]) { state.withLock { $0.loaded = ranges } }

    func setToggleHandler(_ handler: (@Sendable (PlayerItem, MediaType, Bool) -> Void)?) {
        state.withLock { $0.toggleHandler = handler }
    }

    public static func == (a: PlayerItem, b: PlayerItem) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "PlayerItem(\(asset.url))" }
}
