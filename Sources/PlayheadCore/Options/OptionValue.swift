/// An option's value once it has been checked against its declaration.
public enum OptionValue: Sendable, Hashable, CustomStringConvertible {
    case flag(Bool)
    case text(String)
    case integer(Int)
    case number(Double)

    /// As the options file and `get` write it, so a value read back parses to itself.
    public var description: String {
        switch self {
        case .flag(let b): return b ? "yes" : "no"
        case .text(let s): return s
        case .integer(let i): return String(i)
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        }
    }

    public var replyValue: ReplyValue {
        switch self {
        case .flag(let b): return .bool(b)
        case .text(let s): return .string(s)
        case .integer(let i): return .int(i)
        case .number(let d): return .double(d)
        }
    }
}
