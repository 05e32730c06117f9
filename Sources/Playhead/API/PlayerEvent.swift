/// Something that happened during playback, with the item's media time when it happened.
public struct PlayerEvent: Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        case itemStatusChanged(ItemStatus)
        /// The player's own status (not an item's); `.failed` comes with the output's error.
        case playerStatusChanged(PlayerStatus, PlaybackError?)
        case currentItemChanged
        case didPlayToEndTime
        case failedToPlayToEndTime(PlaybackError)
        /// The item failed and is opened again after `delay` seconds (the `attempt`th time in
        /// a row), from where it was or, live, at the live edge.
        case itemRestarting(attempt: Int, delay: Double, PlaybackError)
        case playbackStalled
        case timeJumped
        case newErrorLogEntry(ErrorLogEntry)
        case rateChanged(Double)
        /// A rate or a step the item cannot take (its `capabilities`): nothing changed. For an
        /// item that comes up under a rate it cannot take, the player plays it at 1 after this.
        case refused(CapabilityRefusal)
        /// The item plays another sound track or shows other subtitles (AVPlayerItem's
        /// mediaSelectionDidChange), from the event's time.
        case mediaSelectionChanged(MediaSelection)
        /// A choice the playing item could not take: it plays on as it was.
        case selectionRefused(SelectionRefusal)
        case readyForDisplay
        case seekCompleted(finished: Bool)
        /// Sound goes somewhere else now, or nowhere (`current` nil), and why.
        case routeChanged(AudioRouteChange)
        /// Something more important has the sound: playback paused, or goes on ducked.
        case interruptionBegan(ducking: Bool)
        /// The interruption is over; `shouldResume` is the interrupter's advice.
        case interruptionEnded(shouldResume: Bool)
    }

    public let kind: Kind
    public let item: PlayerItem?
    public let time: MediaTime

    public init(_ kind: Kind, item: PlayerItem?, time: MediaTime) {
        self.kind = kind
        self.item = item
        self.time = time
    }

    /// Stable lower-camel-case names, used by `--events jsonl` and logs.
    public var name: String {
        switch kind {
        case .itemStatusChanged: return "itemStatusChanged"
        case .playerStatusChanged: return "playerStatusChanged"
        case .currentItemChanged: return "currentItemChanged"
        case .didPlayToEndTime: return "didPlayToEndTime"
        case .failedToPlayToEndTime: return "failedToPlayToEndTime"
        case .itemRestarting: return "itemRestarting"
        case .playbackStalled: return "playbackStalled"
        case .timeJumped: return "timeJumped"
        case .newErrorLogEntry: return "newErrorLogEntry"
        case .rateChanged: return "rateChanged"
        case .refused: return "refused"
        case .mediaSelectionChanged: return "mediaSelectionChanged"
        case .selectionRefused: return "selectionRefused"
        case .readyForDisplay: return "readyForDisplay"
        case .seekCompleted: return "seekCompleted"
        case .routeChanged: return "routeChanged"
        case .interruptionBegan: return "interruptionBegan"
        case .interruptionEnded: return "interruptionEnded"
        }
    }

    public var description: String {
        var text = "\(name) t=\(time.secondsText)"
        if let item { text += " item=\(item.asset.url)" }
        switch kind {
        case .itemStatusChanged(let s): text += " status=\(s.rawValue)"
        case .playerStatusChanged(let s, let e):
            text += " status=\(s.rawValue)"
            if let e { text += " error=\(e.message)" }
        case .failedToPlayToEndTime(let e): text += " error=\(e.message)"
        case .itemRestarting(let attempt, let delay, let e):
            text += " attempt=\(attempt) delay=\((delay * 1000).rounded() / 1000) error=\(e.message)"
        case .newErrorLogEntry(let e): text += " error=\(e.message)"
        case .rateChanged(let r): text += " rate=\(r)"
        case .refused(let why): text += " reason=\(why.message)"
        case .mediaSelectionChanged(let s): text += " audio=\(s.audible?.displayName ?? "none") subtitles=\(s.legible?.displayName ?? "off")"
        case .selectionRefused(let why): text += " reason=\(why.message)"
        case .seekCompleted(let f): text += " finished=\(f)"
        case .routeChanged(let c): text += " reason=\(c.reason.rawValue) from=\(c.previous?.description ?? "none") to=\(c.current?.description ?? "none")"
        case .interruptionBegan(let ducking): text += " ducking=\(ducking)"
        case .interruptionEnded(let shouldResume): text += " shouldResume=\(shouldResume)"
        default: break
        }
        return text
    }
}
