import Synchronization

/// One input's conversation: the serial console, a socket client, the FIFO. Each keeps its own
/// reply format and whether it follows events.
public final class ControlSession: Sendable {
    public let name: String
    private let state: Mutex<(format: Reply.Format, events: Bool, budget: EventBudget)>
    private let output: @Sendable (String) -> Void

    public init(name: String, format: Reply.Format, output: @escaping @Sendable (String) -> Void) {
        self.name = name
        self.output = output
        state = Mutex((format, false, EventBudget()))
    }

    public var format: Reply.Format {
        get { state.withLock { $0.format } }
        set { state.withLock { $0.format = newValue } }
    }

    public var followsEvents: Bool {
        get { state.withLock { $0.events } }
        set { state.withLock { $0.events = newValue } }
    }

    public func send(_ line: String) { output(line) }

    /// An event for a session that follows them, unless it is over its budget; the first event
    /// after a burst says how many were left out.
    func offer(_ rendered: (Reply.Format) -> String, nowNanoseconds: Int64) {
        let (format, pass, skipped) = state.withLock { s -> (Reply.Format, Bool, Int) in
            guard s.events else { return (s.format, false, 0) }
            let (pass, skipped) = s.budget.take(now: nowNanoseconds)
            return (s.format, pass, skipped)
        }
        guard pass else { return }
        if skipped > 0 {
            output(format == .json ? "{\"event\":\"eventsSkipped\",\"count\":\(skipped)}" : "(\(skipped) events left out)")
        }
        output(rendered(format))
    }
}

/// At most `perSecond` events a second: a live feed must not flood a 115200-baud line.
struct EventBudget: Sendable {
    var perSecond = 20
    private var windowStart: Int64 = 0
    private var sent = 0
    private var skipped = 0

    mutating func take(now: Int64) -> (pass: Bool, skippedBefore: Int) {
        if now - windowStart >= 1_000_000_000 {
            windowStart = now
            sent = 0
        }
        guard sent < perSecond else {
            skipped += 1
            return (false, 0)
        }
        sent += 1
        defer { skipped = 0 }
        return (true, skipped)
    }
}
