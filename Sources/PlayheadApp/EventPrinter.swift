import Playhead
import PlayheadSys
import Synchronization

/// Prints events on standard output as JSON lines (one object each, for scripts and tests) or
/// as text; the format can change while playing (`set events`). Printed on the console, they
/// keep to the budget every session keeps to (EventBudget): a burst of events must not flood a
/// serial line, or hold up the event loop behind it.
final class EventPrinter: Sendable {
    private let format: Mutex<String>
    private let output: @Sendable (String) -> Void
    /// Nil: no limit (standard output to a file or a script, which reads at its own pace).
    private let budget: Mutex<EventBudget?>
    private let now: @Sendable () -> Int64

    init(format: String, output: (@Sendable (String) -> Void)? = nil, budget: EventBudget? = nil,
         now: @escaping @Sendable () -> Int64 = { MonotonicClock().now().nanoseconds }) {
        self.format = Mutex(format)
        self.output = output ?? { StandardStreams.out($0) }
        self.budget = Mutex(budget)
        self.now = now
    }

    func setFormat(_ f: String) { format.withLock { $0 = f } }

    func print(_ event: PlayerEvent) {
        let format = self.format.withLock { $0 }
        guard format == "text" || format == "jsonl" else { return }
        let (pass, skipped) = budget.withLock { b -> (Bool, Int) in
            guard b != nil else { return (true, 0) }
            return b!.take(now: now())
        }
        guard pass else { return }
        if skipped > 0 {
            output(format == "jsonl" ? "{\"event\":\"eventsSkipped\",\"count\":\(skipped)}" : "(\(skipped) events left out)")
        }
        output(format == "text" ? ControlCharacters.escaped(event.description) : json(event))
    }

    func json(_ event: PlayerEvent) -> String {
        var fields: [(String, String)] = [("event", quote(event.name))]
        fields.append(("time", event.time.isNumeric ? event.time.secondsText : "null"))
        fields.append(("item", event.item.map { quote($0.asset.url) } ?? "null"))
        switch event.kind {
        case .itemStatusChanged(let s): fields.append(("status", quote(s.rawValue)))
        case .playerStatusChanged(let s, let e):
            fields.append(("status", quote(s.rawValue)))
            if let e { fields.append(("error", quote(e.message))) }
        case .failedToPlayToEndTime(let e):
            fields.append(("error", quote(e.message)))
            fields.append(("code", quote(e.code.rawValue)))
        case .newErrorLogEntry(let e): fields.append(("error", quote(e.message)))
        case .itemRestarting(let attempt, let delay, let e):
            fields.append(("attempt", "\(attempt)"))
            fields.append(("delay", "\((delay * 1000).rounded() / 1000)"))
            fields.append(("error", quote(e.message)))
        case .rateChanged(let r): fields.append(("rate", "\(r)"))
        case .refused(let why): fields.append(("reason", quote(why.message)))
        case .mediaSelectionChanged(let s):
            fields.append(("audio", s.audible.map { quote($0.displayName) } ?? "null"))
            fields.append(("subtitles", s.legible.map { quote($0.displayName) } ?? "null"))
        case .selectionRefused(let why): fields.append(("reason", quote(why.message)))
        case .seekCompleted(let f): fields.append(("finished", f ? "true" : "false"))
        case .routeChanged(let c):
            fields.append(("reason", quote(c.reason.rawValue)))
            fields.append(("previous", route(c.previous)))
            fields.append(("current", route(c.current)))
        case .interruptionBegan(let ducking): fields.append(("ducking", ducking ? "true" : "false"))
        case .interruptionEnded(let resume): fields.append(("shouldResume", resume ? "true" : "false"))
        default: break
        }
        return "{" + fields.map { "\(quote($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A route as an object (scripts match on `card`, people read `name`), or null for none.
    private func route(_ r: AudioRoute?) -> String {
        guard let r else { return "null" }
        return "{\"name\":\(quote(r.name)),\"card\":\(quote(r.card)),\"device\":\(quote(r.device))}"
    }

    private func quote(_ s: String) -> String { ReplyValue.quoted(s) }
}
