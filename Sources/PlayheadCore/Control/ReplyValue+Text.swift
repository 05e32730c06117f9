extension ReplyValue {
    /// For a person at the console: an object is one `name: value` line per field, nested
    /// objects and lists indented; a list of scalars is one line per element. Names and strings
    /// have their control characters escaped (they hold file names and titles): the line breaks
    /// are the renderer's own, and a newline in a title cannot forge a line.
    public var text: String {
        var lines: [String] = []
        render(into: &lines, indent: "")
        return lines.joined(separator: "\n")
    }

    private func render(into lines: inout [String], indent: String) {
        switch self {
        case .object(let fields):
            for f in fields {
                if f.value.isScalar {
                    lines.append("\(indent)\(Self.name(f.name)): \(f.value.scalarText)")
                } else if f.value.isEmptyCollection {
                    lines.append("\(indent)\(Self.name(f.name)): (none)")
                } else {
                    lines.append("\(indent)\(Self.name(f.name)):")
                    f.value.render(into: &lines, indent: indent + "  ")
                }
            }
        case .list(let values):
            for v in values {
                if v.isScalar {
                    lines.append(indent + v.scalarText)
                } else if case .object(let fields) = v, fields.allSatisfy({ $0.value.isScalar }) {
                    // A row: a queue entry, a mode, a plane.
                    lines.append(indent + fields.map { "\(Self.name($0.name))=\($0.value.scalarText)" }.joined(separator: " "))
                } else {
                    lines.append(indent + "-")
                    v.render(into: &lines, indent: indent + "  ")
                }
            }
        default:
            lines.append(indent + scalarText)
        }
    }

    private static func name(_ n: String) -> String { ControlCharacters.escaped(n) }

    var isScalar: Bool {
        switch self {
        case .list, .object: return false
        default: return true
        }
    }

    var isEmptyCollection: Bool {
        switch self {
        case .list(let l): return l.isEmpty
        case .object(let o): return o.isEmpty
        default: return false
        }
    }

    public var scalarText: String {
        switch self {
        case .null: return "-"
        case .bool(let b): return b ? "yes" : "no"
        case .int(let i): return String(i)
        case .double(let d): return Self.number(d)
        case .string(let s): return ControlCharacters.escaped(s)
        case .list, .object: return ""
        }
    }
}
