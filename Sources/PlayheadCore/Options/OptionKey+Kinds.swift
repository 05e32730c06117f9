// One factory per kind of option and Swift type. Each goes through `init(declared:)`, which
// also reads a bare `OptionDeclaration` made elsewhere, so the kind and the default are checked
// against the type the same way whichever made it.

extension OptionKey where Value == Bool {
    public static func flag(_ name: String, default fallback: Bool, live: Bool = false, group: String, help: String) -> OptionKey {
        OptionKey(declared: OptionDeclaration(name, .flag, default: .flag(fallback), live: live, group: group, help: help))
    }

    public init(declared d: OptionDeclaration) {
        guard case .flag = d.kind, case .flag(let fallback)? = d.defaultValue else { preconditionFailure("\(d.name): not a flag with a default") }
        self.init(d) { if case .flag(let b)? = $0 { b } else { fallback } }
    }
}

extension OptionKey where Value == Int {
    public static func integer(_ name: String, _ range: ClosedRange<Int>, default fallback: Int, live: Bool = false,
                               group: String, help: String) -> OptionKey {
        OptionKey(declared: OptionDeclaration(name, .integer(range), default: .integer(fallback), live: live, group: group, help: help))
    }

    public init(declared d: OptionDeclaration) {
        guard case .integer = d.kind, case .integer(let fallback)? = d.defaultValue else {
            preconditionFailure("\(d.name): not a whole number with a default")
        }
        self.init(d) { if case .integer(let i)? = $0 { i } else { fallback } }
    }
}

extension OptionKey where Value == Double {
    public static func number(_ name: String, _ range: ClosedRange<Double>, default fallback: Double, live: Bool = false,
                              group: String, help: String) -> OptionKey {
        OptionKey(declared: OptionDeclaration(name, .number(range), default: .number(fallback), live: live, group: group, help: help))
    }

    public init(declared d: OptionDeclaration) {
        guard case .number = d.kind, case .number(let fallback)? = d.defaultValue else {
            preconditionFailure("\(d.name): not a number with a default")
        }
        self.init(d) { OptionKey<Double?>.number($0) ?? fallback }
    }
}

extension OptionKey where Value == Double? {
    /// Unset unless given.
    public static func number(_ name: String, _ range: ClosedRange<Double>, live: Bool = false, group: String, help: String) -> OptionKey {
        OptionKey(declared: OptionDeclaration(name, .number(range), live: live, group: group, help: help))
    }

    public init(declared d: OptionDeclaration) {
        guard case .number = d.kind, d.defaultValue == nil else { preconditionFailure("\(d.name): not a number without a default") }
        self.init(d) { Self.number($0) }
    }

    static func number(_ stored: OptionValue?) -> Double? {
        switch stored {
        case .number(let d)?: return d
        case .integer(let i)?: return Double(i)
        default: return nil
        }
    }
}

extension OptionKey where Value == String {
    /// `check` is the value's own rules (nil: good, else what is wrong).
    public static func text(_ name: String, placeholder: String, default fallback: String, live: Bool = false,
                            group: String, help: String, check: (@Sendable (String) -> String?)? = nil) -> OptionKey {
        OptionKey(declared: OptionDeclaration(name, .text(placeholder: placeholder), default: .text(fallback), live: live,
                                           group: group, help: help, check: check))
    }

    /// One of `choices`, spelt as declared whatever case it was given in.
    public static func choice(_ name: String, _ choices: [String], default fallback: String, live: Bool = false,
                              group: String, help: String) -> OptionKey {
        OptionKey(declared: OptionDeclaration(name, .choice(choices), default: .text(fallback), live: live, group: group, help: help))
    }

    public init(declared d: OptionDeclaration) {
        guard case .text(let fallback)? = d.defaultValue else { preconditionFailure("\(d.name): not a text with a default") }
        switch d.kind {
        case .text, .choice: self.init(d) { $0?.description ?? fallback }
        default: preconditionFailure("\(d.name): not a text or a choice")
        }
    }
}

extension OptionKey where Value == String? {
    /// Unset unless given; `check` is the value's own rules (nil: good, else what is wrong).
    public static func text(_ name: String, placeholder: String, live: Bool = false, group: String, help: String,
                            check: (@Sendable (String) -> String?)? = nil) -> OptionKey {
        OptionKey(declared: OptionDeclaration(name, .text(placeholder: placeholder), live: live, group: group, help: help, check: check))
    }

    public init(declared d: OptionDeclaration) {
        guard case .text = d.kind, d.defaultValue == nil else { preconditionFailure("\(d.name): not a text without a default") }
        self.init(d) { $0?.description }
    }
}

extension OptionKey where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of the enumeration's cases, offered by their raw values.
    public static func choice(_ name: String, default fallback: Value, live: Bool = false, group: String, help: String) -> OptionKey {
        let d = OptionDeclaration(name, .choice(Value.allCases.map(\.rawValue)), default: .text(fallback.rawValue), live: live,
                                  group: group, help: help)
        return OptionKey(d) { stored in stored.flatMap { Value(rawValue: $0.description) } ?? fallback }
    }
}
