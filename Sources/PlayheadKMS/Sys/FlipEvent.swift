/// A page flip completed: the commit tagged `userData` is on screen since `vblankNanoseconds`
/// (CLOCK_MONOTONIC, the same clock as the player's host time).
struct FlipEvent: Sendable, Hashable {
    var userData: UInt64
    var vblankNanoseconds: Int64
    var sequence: UInt32
}
