/// Who holds the control socket's client slots, and who gives way when a new client finds them
/// all taken: the one that has sent nothing for longest (an `nc` session left open in a
/// forgotten terminal), never the newcomer (a script that wants to pause now). Idle is counted
/// in turns, not time: only the order of the clients' last lines matters, so no clock is read.
struct ControlSocketSlots {
    enum Admission: Equatable {
        case admitted
        /// Admitted in the place of this client, which the caller closes.
        case admittedClosing(Int)
    }

    let capacity: Int
    /// Client id, and the turn in which it connected or last sent something.
    private var lastActive: [Int: UInt64] = [:]
    private var turn: UInt64 = 0

    init(capacity: Int) {
        precondition(capacity > 0, "a control socket has at least one client slot")
        self.capacity = capacity
    }

    var count: Int { lastActive.count }

    mutating func admit(_ id: Int) -> Admission {
        var admission = Admission.admitted
        if lastActive.count >= capacity, let idlest = lastActive.min(by: { $0.value < $1.value })?.key {
            lastActive[idlest] = nil
            admission = .admittedClosing(idlest)
        }
        turn += 1
        lastActive[id] = turn
        return admission
    }

    /// The client sent something.
    mutating func touch(_ id: Int) {
        guard lastActive[id] != nil else { return }
        turn += 1
        lastActive[id] = turn
    }

    /// The client left, or was closed.
    mutating func remove(_ id: Int) { lastActive[id] = nil }
}
