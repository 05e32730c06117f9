/// What a command answers: a value, or a one-line error with the command's usage.
public enum Reply: Sendable, Hashable {
    case ok(ReplyValue)
    case error(String)

    public static let done = Reply.ok(.null)

    public enum Format: String, Sendable, CaseIterable { case text, json }

    /// One JSON line, `{"ok":true,"reply":...}` or `{"ok":false,"error":"..."}`; or text, where
    /// `ok` alone is the answer to a command with nothing to say. Neither holds a control
    /// character, whatever the names and errors in it held.
    public func rendered(as format: Format) -> String {
        switch (self, format) {
        case (.ok(.null), .text): return "ok"
        case (.ok(let v), .text): return v.text
        case (.error(let e), .text): return "error: \(ControlCharacters.escaped(e))"
        case (.ok(let v), .json): return "{\"ok\":true,\"reply\":\(v.json)}"
        case (.error(let e), .json): return "{\"ok\":false,\"error\":\(ReplyValue.quoted(e))}"
        }
    }

    /// `rendered` when it is at most `limit` bytes, else one error line in its place: a reply
    /// larger than a client may leave unread (a queue of thousands) would get even a client
    /// that reads it all disconnected, and the console's would run for minutes at 115200 baud.
    public static func bounded(_ rendered: String, limit: Int, format: Format) -> String {
        let size = rendered.utf8.count
        guard size > limit else { return rendered }
        return Reply.error("the reply is \(size) bytes, more than the \(limit) a reply may be; ask for less").rendered(as: format)
    }
}
