/// Players that start together (a `group=` of layers, as the kiosk's two videos side by side):
/// each member, once its item is ready to start (StartCheck said so), waits here until every
/// member is ready; the last one to come starts at once and wakes the others, which start their
/// clocks from that same instant when they look again (a woken thread comes a few milliseconds
/// late, up to a frame on a busy board: started from its own look, it ran that far behind).
/// Started on one host clock at one rate, they then stay in step. A member that waits longer than `waitLimitNanoseconds` (another member's item
/// failed, or is paused) starts without the rest, and says so once.
///
/// A value stepped by the members' engines under one lock (StartGroup), or by a test.
public struct StartRendezvous: Sendable {
    public enum Answer: Sendable, Equatable {
        /// Wait: until woken, or until `until`, then ask again.
        case wait(until: HostTime)
        /// Start the clock from `at` (now, or the instant the last member came); `alone`: the
        /// others were not ready in time.
        case start(alone: Bool, at: HostTime)
    }

    public static let waitLimitNanoseconds: Int64 = 3_000_000_000

    public let members: Int
    /// Since when each waiting member waits.
    public private(set) var waiting: [Int: HostTime] = [:]
    /// Members let go by the last to come, that have not looked again yet, and when it came.
    public private(set) var released: [Int: HostTime] = [:]
    /// Times every member started together.
    public private(set) var together = 0

    public init(members: Int) { self.members = members }

    /// Member `member` is ready to start. `wake`: the members to wake now (they were waiting and
    /// are let go).
    public mutating func arrive(_ member: Int, now: HostTime) -> (answer: Answer, wake: [Int]) {
        if let at = released.removeValue(forKey: member) { return (.start(alone: false, at: at), []) }
        let since = waiting[member] ?? now
        waiting[member] = since
        if waiting.count >= members {
            let others = waiting.keys.filter { $0 != member }.sorted()
            for other in others { released[other] = now }
            waiting = [:]
            together += 1
            return (.start(alone: false, at: now), others)
        }
        let until = since + Self.waitLimitNanoseconds
        if now >= until {
            waiting[member] = nil
            return (.start(alone: true, at: now), [])
        }
        return (.wait(until: until), [])
    }

    /// Member `member` no longer waits (paused, its item gone, shut down): the others do not
    /// count it as ready.
    public mutating func leave(_ member: Int) {
        waiting[member] = nil
        released[member] = nil
    }
}
