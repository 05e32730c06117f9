/// This member's two clocks read together, and whether a time service keeps the wall clock
/// synchronised (the kernel's clock discipline).
public struct SyncClocks: Sendable, Equatable {
    public var monotonic: Int64
    public var realtime: Int64
    public var realtimeSynchronised: Bool

    public init(monotonic: Int64, realtime: Int64, realtimeSynchronised: Bool) {
        self.monotonic = monotonic
        self.realtime = realtime
        self.realtimeSynchronised = realtimeSynchronised
    }

    /// The group's clock of `kind` now.
    func now(_ kind: SyncClockKind) -> Int64 { kind == .system ? realtime : monotonic }
}
