import Playhead
import Synchronization

/// Prints events on standard output as JSON lines (one object each, for scripts and tests) or
/// as text; the format can change while playing (`set events`).
final class EventPrinter: Sendable {
    private let format: Mutex<String>
    private let output: @Sendable (String) -> Void

    init(format: String, output: (@Sendable (String) -> Void)? = nil) {
        self.format = Mutex(format)
        self.output = output ?? { StandardStreams.out($0) }
    }

    func setFormat(_ f: String) { format.withLock { $0 = f } }

    func print(_ event: PlayerEvent) {
        switch format.withLock({ $0 }) {
        case "text": output(ControlCharacters.escaped(event.description))
        case "jsonl": output(json(event))
        default: return
        }
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
