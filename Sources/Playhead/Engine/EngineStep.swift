import PlayheadCore

/// What one pass of a stepped player's loop left (see `Player.step()`): when it next has
/// something to do, whether it waits for decoded data before time may move, and whether the
/// player has shut down.
@_spi(Testing) public struct EngineStep: Sendable {
    public let deadline: HostTime?
    public let waitsForData: Bool
    public let ended: Bool
}
