/// Where a button or a light is wired: a chip (by name, label or path; any chip when not
/// given) and a line on it (by offset or by the name the board's device tree gives it).
public struct GPIOLineRef: Sendable, Hashable, CustomStringConvertible {
    public enum Line: Sendable, Hashable {
        case offset(Int)
        case name(String)
    }

    public let chip: String?
    public let line: Line

    public init(chip: String?, line: Line) {
        self.chip = chip
        self.line = line
    }

    /// `line=12` is an offset, `line=play` a name.
    public static func line(_ text: String) -> Line {
        if let n = Int(text), n >= 0 { return .offset(n) }
        return .name(text)
    }

    public var description: String {
        let l: String
        switch line {
        case .offset(let n): l = "line \(n)"
        case .name(let s): l = "line '\(s)'"
        }
        return chip.map { "\(l) of \($0)" } ?? l
    }
}

/// How a line is pulled when nothing drives it: buttons to ground want pull-up.
public enum GPIOBias: String, Sendable, Hashable, CaseIterable {
    case pullUp = "pull-up", pullDown = "pull-down", none = "none", asIs = "as-is"
}
