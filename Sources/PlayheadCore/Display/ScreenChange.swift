/// What the screen did when it was asked to follow a hot-plug or the content: the present
/// loop hides, or starts its buffers over in the new mode.
public enum ScreenChange: Sendable, Hashable {
    case none
    /// The display went away: frames are dropped (and counted) until one comes back.
    case lost
    /// A display is there but no mode could be set on it: frames are dropped, not counted as a
    /// disconnect.
    case unusable
    /// A mode was set with the ring's first buffer (black) on screen.
    case modeSet(refreshNanoseconds: Int64)
    /// The screen was switched off (`display off`): frames are dropped, not counted as a
    /// disconnect, until it is switched on (a `modeSet`).
    case switchedOff
    /// The screen switched on again with what was on it when it went off (a screen of layers,
    /// each plane given its last picture back): frames are shown again, the ring as it was.
    case switchedOn(refreshNanoseconds: Int64)
}
