/// When a schedule's change happens (`schedule-change`): at once, or at the end of the item that
/// plays (a film not cut in the middle), but never later than `longestWait` after its time (a
/// stream that never ends). A newer change replaces one still waiting and keeps its time. Nothing
/// waits while nothing plays: a paused or empty screen changes at once.
public struct ScheduleChangeGate<Change: Sendable>: Sendable {
    public private(set) var waiting: Change?
    private var dueAt: Int64 = 0
    private var longestWait: Int64 = 0

    public init() {}

    /// A change came due: it, when it is to happen now; nil when it waits for the item's end.
    public mutating func due(_ change: Change, now: Int64, waitForItemEnd: Bool, longestWait: Int64) -> Change? {
        guard waitForItemEnd else {
            waiting = nil
            return change
        }
        if waiting == nil { dueAt = now }
        waiting = change
        self.longestWait = longestWait
        return nil
    }

    /// The item playing ended (played to its end, failed, or was skipped): the change waiting.
    public mutating func itemEnded() -> Change? {
        defer { waiting = nil }
        return waiting
    }

    /// Time passing: the change waiting, once it has waited `longestWait`.
    public mutating func tick(now: Int64) -> Change? {
        guard waiting != nil, now - dueAt >= longestWait else { return nil }
        return itemEnded()
    }
}
