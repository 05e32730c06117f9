/// When an installed update takes over: at once, or at a time of day (local time) when the
/// screen can go dark for a minute.
public enum UpdateReboot: Sendable, Hashable, CustomStringConvertible {
    case now
    case at(hour: Int, minute: Int)

    /// `now`, or `HH:MM` on a 24-hour clock.
    public static func parse(_ text: String) -> UpdateReboot? {
        if text.lowercased() == "now" { return .now }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
              let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m) else { return nil }
        return .at(hour: h, minute: m)
    }

    /// The option's check: nil when good.
    public static func check(_ text: String) -> String? {
        parse(text) == nil ? "'\(ControlCharacters.escaped(text))' is neither now nor a time of day as HH:MM (24-hour)" : nil
    }

    public var description: String {
        switch self {
        case .now: "now"
        case .at(let h, let m): (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
