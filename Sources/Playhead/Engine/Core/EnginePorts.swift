import PlayheadCore

/// What the core reaches directly, because its next decision within the same pass needs the
/// answer: the time, the sound device (how much it took, how much it has played), the route it
/// plays on, the stretcher, and the time observers the API threads add. Its sources, held in its
/// segments, are read and steered the same way. Everything else leaves it as an `EngineAction`.
struct EnginePorts {
    let clock: any HostClock
    let audioSink: any AudioSink
    /// The sink when it can move between devices and a monitor says when to.
    let routing: (any AudioRouting)?
    let timeStretcher: AudioTimeStretcherFactory?
    let observers: ObserverBook
    /// Whether the video sink says when a frame is on screen (`.displayed`), or the first
    /// frame handed to it counts as shown.
    let reportsDisplay: Bool
    let stallLimitNanoseconds: Int64?
    /// Players this one starts together with.
    let startGroup: StartGroupMember?
    /// The decoding this player shares with the others on the board.
    let decodeBudget: DecodeBudgetMember?
    /// Handed to each source: decoded data arrived, the loop should look again.
    let wake: @Sendable () -> Void
}
