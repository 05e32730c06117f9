/// `key=value` words of one options line (a button or a light), values quoted when they hold
/// spaces: `line=play press="seek +10" hold=stop`. The udev-rules shape people already know.
public enum SpecWords {
    public static func parse(_ text: String) -> Result<[(key: String, value: String)], SpecError> {
        var words: [(key: String, value: String)] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop(while: { $0 == " " || $0 == "\t" })
            guard !rest.isEmpty else { return .success(words) }
            let keyEnd = rest.firstIndex(where: { $0 == "=" || $0 == " " || $0 == "\t" }) ?? rest.endIndex
            let key = String(rest[..<keyEnd]).lowercased()
            guard keyEnd < rest.endIndex, rest[keyEnd] == "=", !key.isEmpty else {
                return .failure(SpecError("'\(rest.prefix(while: { $0 != " " }))' is not key=value"))
            }
            rest = rest[rest.index(after: keyEnd)...]
            let value: Substring
            if rest.first == "\"" {
                let body = rest.dropFirst()
                guard let close = body.firstIndex(of: "\"") else { return .failure(SpecError("\(key): the quote is not closed")) }
                value = body[..<close]
                rest = body[body.index(after: close)...]
            } else {
                let end = rest.firstIndex(where: { $0 == " " || $0 == "\t" }) ?? rest.endIndex
                value = rest[..<end]
                rest = rest[end...]
            }
            guard !words.contains(where: { $0.key == key }) else { return .failure(SpecError("\(key) is given twice")) }
            words.append((key, String(value)))
        }
    }

    /// A yes/no word as people write it: yes, on, true or no, off, false, in any case.
    public static func yesNo(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "on", "true": return true
        case "no", "off", "false": return false
        default: return nil
        }
    }
}

/// The words every GPIO line's spec has: `chip=`, `line=` and `active=`.
struct LineWords {
    var chip: String?
    var line: String?
    var activeLow: Bool

    /// Takes `key` when it is one of them (true), or leaves it to the caller (false).
    mutating func take(_ key: String, _ value: String) -> Result<Bool, SpecError> {
        switch key {
        case "chip": chip = value
        case "line": line = value
        case "active":
            switch value.lowercased() {
            case "low": activeLow = true
            case "high": activeLow = false
            default: return .failure(SpecError("active: '\(value)' is not low or high"))
            }
        default: return .success(false)
        }
        return .success(true)
    }
}

/// What is wrong with a button or light line, in words for the person editing it.
public struct SpecError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
