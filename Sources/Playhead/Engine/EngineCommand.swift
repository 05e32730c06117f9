/// Everything the public API asks of the engine; carried out on the engine thread in order.
enum EngineCommand: @unchecked Sendable {
    case insert(PlayerItem, after: PlayerItem?)
    /// A player created with its items: all queued before the first can fail and end the queue.
    case insertAll([PlayerItem])
    case remove(PlayerItem)
    case removeAll
    /// The whole queue at once; a current item that stays first goes on playing.
    case replaceQueue([PlayerItem])
    case advance
    case replaceCurrent(PlayerItem?)
    case setRate(PlaybackRate)
    /// Play at `rate` with the current item's `itemTime` shown at `host` (a sync group's
    /// follower joining its leader's timeline): a seek, then held until that instant.
    case playAt(PlaybackRate, itemTime: MediaTime, host: HostTime)
    /// Paused, with the slate saying `text` on screen (a sync group's clip that is missing).
    case holdSlate(String)
    case seek(SeekRequest, completion: (@Sendable (Bool) -> Void)?)
    /// Paused, the picture `count` pictures after (before, when negative) the one on screen.
    case step(Int)
    case setVolume(Float)
    case setMuted(Bool)
    case setActionAtItemEnd(ActionAtItemEnd)
    case setLoopMode(PlayQueue<PlayerItem>.LoopMode)
    case trackToggled(PlayerItem, MediaType, Bool)
    /// Someone chose in one of the item's selection groups (its state holds what).
    case selectionChosen(PlayerItem, MediaCharacteristic)
    case opened(PlayerItem, Result<any MediaSource, PlaybackError>, attempt: UInt64)
    /// The video sink showed the frame tagged so (an item's first frame is on screen).
    case displayed(UInt64)
    case beginInterruption(InterruptionPolicy.Kind)
    case endInterruption(shouldResume: Bool)
    /// From the route monitor's thread, handled here on the engine's.
    case audioDevice(AudioDeviceEvent)
    case overrideRoute(AudioRoute)
    /// Called on the engine thread when this command is reached: a watchdog's proof that the
    /// playback loop still turns.
    case respond(@Sendable () -> Void)
    /// Test only: the loop blocks for this long, as a wedged one would (the watchdog's test).
    case wedge(seconds: Double)
    case shutdown
}
