import PlayheadCore
import PlayheadSys
import Synchronization

/// Players that start together, as the kiosk's two videos side by side (StartRendezvous decides):
/// each member's PlaybackEnvironment gets `startGroup = group.member(i)`. Whenever a member's
/// item is ready to start, it waits for the others; the last to be ready starts at once and wakes
/// them. Shared by the members' engine threads.
public final class StartGroup: Sendable {
    public let name: String
    private let names: [String]
    private let state: Mutex<State>

    private struct State {
        var rendezvous: StartRendezvous
        var wakes: [Int: @Sendable () -> Void] = [:]
        /// Members that started alone once already: said once each.
        var saidAlone: Set<Int> = []
    }

    /// `members`: their names, for the line said when one starts without the others.
    public init(name: String, members: [String]) {
        self.name = name
        names = members
        state = Mutex(State(rendezvous: StartRendezvous(members: members.count)))
    }

    public func member(_ index: Int) -> StartGroupMember { StartGroupMember(group: self, index: index) }

    /// Times every member started together.
    public var startedTogether: Int { state.withLock { $0.rendezvous.together } }

    func register(_ index: Int, wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wakes[index] = wake }
    }

    func arrive(_ index: Int, now: HostTime) -> StartRendezvous.Answer {
        let (answer, wakes, say) = state.withLock { s -> (StartRendezvous.Answer, [@Sendable () -> Void], Bool) in
            let (answer, wake) = s.rendezvous.arrive(index, now: now)
            let say = answer == .start(alone: true, at: now) && s.saidAlone.insert(index).inserted
            return (answer, wake.compactMap { s.wakes[$0] }, say)
        }
        for wake in wakes { wake() }
        if say {
            let others = names.enumerated().filter { $0.offset != index }.map(\.element).joined(separator: ", ")
            Log.warning("group \(name): \(names[index]) waited \(StartRendezvous.waitLimitNanoseconds / 1_000_000_000) s for \(others) "
                        + "and starts without them (said once)")
        }
        return answer
    }

    func leave(_ index: Int) {
        state.withLock {
            $0.rendezvous.leave(index)
            $0.wakes[index] = nil
        }
    }
}

/// One player's place in a StartGroup.
public struct StartGroupMember: Sendable {
    public let group: StartGroup
    public let index: Int
}
