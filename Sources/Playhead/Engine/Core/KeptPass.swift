import PlayheadCore

/// The pass of an item being kept or kept whole, and which segment it came from.
struct KeptPass {
    let item: PlayerItem
    let segment: UInt64
    var recording: LoopRecording
}
