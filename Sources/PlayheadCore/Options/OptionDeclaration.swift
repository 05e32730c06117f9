/// One option, declared once beside the code that reads it. The same declaration feeds
/// `--help`, the options file, the console's `get` and `set`, and `status`.
public struct OptionDeclaration: Sendable {
    public enum Kind: Sendable, Hashable {
        case flag
        /// Any text; `placeholder` names it in help (FILE, DEVICE, CONNECTOR...).
        case text(placeholder: String)
        case integer(ClosedRange<Int>)
        case number(ClosedRange<Double>)
        case choice([String])
    }

    public let name: String
    public let kind: Kind
    /// Nil: unset unless given (a device chosen at run time, a file not written).
    public let defaultValue: OptionValue?
    public let help: String
    /// Whether `set` may change it while playing; others are read once at start.
    public let live: Bool
    /// Groups help and `get` listings: player, display, sound, control, log.
    public let group: String
    /// A text value's own rules (a button's line): nil when it is good, else what is wrong.
    public let check: (@Sendable (String) -> String?)?

    public init(_ name: String, _ kind: Kind, default defaultValue: OptionValue? = nil, live: Bool = false,
                group: String, help: String, check: (@Sendable (String) -> String?)? = nil) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.help = help
        self.live = live
        self.group = group
        self.check = check
    }

    /// A family of options sharing one declaration: `button.*` covers `button.play`,
    /// `button.next`..., each named by the person writing the file.
    public var familyPrefix: String? { name.hasSuffix(".*") ? String(name.dropLast()) : nil }

    /// What is allowed, in words, for help and for errors.
    public var allowed: String {
        switch kind {
        case .flag: return "yes or no"
        case .text(let placeholder): return placeholder
        case .integer(let r): return "a whole number from \(r.lowerBound) to \(r.upperBound)"
        case .number(let r): return "a number from \(OptionValue.number(r.lowerBound)) to \(OptionValue.number(r.upperBound))"
        case .choice(let choices): return "one of " + choices.joined(separator: ", ")
        }
    }

    /// The value, or what is wrong with it in one line (without the option's name: callers
    /// add where it came from).
    /// `named` is the option as written, for a family's member (`button.play`).
    public func parse(_ raw: String, named: String? = nil) -> Result<OptionValue, OptionError> {
        let name = named ?? self.name
        let text = raw.trimmingSpaces
        switch kind {
        case .flag:
            switch text.lowercased() {
            case "yes", "true", "on", "1": return .success(.flag(true))
            case "no", "false", "off", "0": return .success(.flag(false))
            default: return .failure(OptionError(option: name, value: text, allowed: allowed))
            }
        case .text:
            guard !text.isEmpty else { return .failure(OptionError(option: name, value: text, allowed: allowed)) }
            if let problem = check?(text) { return .failure(OptionError(message: "\(name): \(problem)")) }
            return .success(.text(text))
        case .integer(let range):
            guard let i = Int(text), range.contains(i) else {
                return .failure(OptionError(option: name, value: text, allowed: allowed))
            }
            return .success(.integer(i))
        case .number(let range):
            guard let d = Double(text), d.isFinite, range.contains(d) else {
                return .failure(OptionError(option: name, value: text, allowed: allowed))
            }
            return .success(.number(d))
        case .choice(let choices):
            // Choices compare without case: people type `resizeaspect` as often as `resizeAspect`.
            guard let match = choices.first(where: { $0.lowercased() == text.lowercased() }) else {
                return .failure(OptionError(option: name, value: text, allowed: allowed))
            }
            return .success(.text(match))
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return String(s)
    }
}
