import PlayheadCore

/// What the core asks its driver to carry out once the call that produced it has returned.
enum EngineAction {
    /// Deliver an event; `view` is the state that caused it, published first, so that a
    /// listener reading the player sees it (the last item's end with the final statistics).
    case emit(PlayerEvent, view: EngineView)
    /// A seek ended: publish `view`, call the seek's completion, then deliver `event`.
    case completeSeek((@Sendable (Bool) -> Void)?, finished: Bool, event: PlayerEvent, view: EngineView)
    /// Call these time observers.
    case fire([TimeObserverSchedule.Fire])
    /// Open an item off the engine's thread; its result comes back as `.opened` with `attempt`.
    case open(PlayerItem, attempt: UInt64)
    /// Close a source that is no longer read, on the engine's thread.
    case close(any MediaSource)
    /// Close a source that played out on the closing thread (a join: the next item's first
    /// pictures are due and must not wait for its threads to end).
    case closeAside(any MediaSource)
    case present(VideoFrame, dueAt: HostTime)
    case flushVideo
    /// A plain picture with one line saying why nothing plays.
    case showSlate(String)
    /// Take an item's track switches (`.trackToggled`), or stop taking them.
    case watchToggles(PlayerItem)
    case unwatchToggles(PlayerItem)
}
