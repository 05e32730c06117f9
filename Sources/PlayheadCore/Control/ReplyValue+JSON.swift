extension ReplyValue {
    /// Compact JSON on one line (no newline inside, whatever the strings hold).
    public var json: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += Self.number(d)
        case .string(let s): out += Self.quoted(s)
        case .list(let values):
            out += "["
            for (i, v) in values.enumerated() {
                if i > 0 { out += "," }
                v.write(into: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, f) in fields.enumerated() {
                if i > 0 { out += "," }
                out += Self.quoted(f.name) + ":"
                f.value.write(into: &out)
            }
            out += "}"
        }
    }

    /// JSON has no NaN or infinity; whole numbers print without a fraction.
    static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }

    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // C1 too: JSON allows it raw, but a terminal showing the line may act on it.
                if ControlCharacters.isControl(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
