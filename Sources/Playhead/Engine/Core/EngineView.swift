import PlayheadCore

/// The core's state as the API reads it, published after each pass and with each event.
struct EngineView {
    var items: [PlayerItem] = []
    var clock = PresentationClock()
    var offset: MediaTime = .zero
    var rate: PlaybackRate = .paused
    var statistics = PlaybackStatistics()
    var finished = false
    var volume: Float = 1
    var muted = false
    var actionAtItemEnd: ActionAtItemEnd = .pause
    var status: PlayerStatus = .unknown
    var error: PlaybackError?
    var restarting = false
    /// Waiting for data: a stall, or an item being opened.
    var waiting = false
    var timeControl = TimeControl(status: .paused, reason: nil)
    /// Seeks the engine took up, and the target of the one it has not landed yet (see
    /// `PlaybackEngine.Snapshot`).
    var seeksTaken: UInt64 = 0
    var unlandedSeekTarget: MediaTime?
}
