/// One option's declaration together with the Swift type its value is read as. Each part
/// declares its options as `static let` constants of this type, and code reads them with
/// `settings[PlayerOptions.loop]`: the name is written once, in the declaration, so a misspelt
/// option is a compile error rather than a read that silently finds nothing.
public struct OptionKey<Value: Sendable>: Sendable {
    public let declaration: OptionDeclaration
    private let value: @Sendable (OptionValue?) -> Value

    public var name: String { declaration.name }

    /// `value` turns what is in force (nil: nothing, not even a default) into the typed value.
    init(_ declaration: OptionDeclaration, value: @escaping @Sendable (OptionValue?) -> Value) {
        self.declaration = declaration
        self.value = value
    }

    func read(_ stored: OptionValue?) -> Value { value(stored) }
}

extension Settings {
    /// The option's value in force. An option missing from this settings' catalog (a test's
    /// small one) reads as its own declaration's default.
    public subscript<Value>(option: OptionKey<Value>) -> Value {
        option.read(self[option.name])
    }

    /// A family's members in force (`button.play`, `button.next`...), in name order, each with
    /// its value.
    public func members<Value>(of family: OptionKey<Value>) -> [(name: String, value: Value)] {
        guard let prefix = family.declaration.familyPrefix else { return [] }
        return names(withPrefix: prefix).map { ($0, family.read(self[$0])) }
    }
}
