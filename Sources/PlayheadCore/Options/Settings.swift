/// The options in force, in layers: a declaration's default, then the options file, then the
/// command line, then what the console `set` while running. The higher layer wins.
public struct Settings: Sendable {
    public enum Origin: Sendable, Hashable, CustomStringConvertible {
        case defaultValue
        case file(String, line: Int)
        case commandLine
        case console

        public var description: String {
            switch self {
            case .defaultValue: return "default"
            case .file(let path, let line): return "\(path):\(line)"
            case .commandLine: return "command line"
            case .console: return "set"
            }
        }
    }

    public let catalog: OptionCatalog
    public private(set) var file: OptionsFile?
    public private(set) var commandLine: [String: OptionValue]
    public private(set) var console: [String: OptionValue] = [:]

    public init(catalog: OptionCatalog, file: OptionsFile? = nil, commandLine: [String: OptionValue] = [:]) {
        self.catalog = catalog
        self.file = file
        self.commandLine = commandLine
    }

    public subscript(name: String) -> OptionValue? { lookup(name)?.0 }

    public func lookup(_ name: String) -> (OptionValue, Origin)? {
        if let v = console[name] { return (v, .console) }
        if let v = commandLine[name] { return (v, .commandLine) }
        if let file, let v = file.values[name] { return (v, .file(file.path, line: file.lines[name] ?? 0)) }
        if let v = catalog[name]?.defaultValue { return (v, .defaultValue) }
        return nil
    }

    /// The options of a family in force (`button.` gives `button.play`, `button.next`...),
    /// in name order.
    public func names(withPrefix prefix: String) -> [String] {
        var names = Set(console.keys).union(commandLine.keys)
        if let file { names.formUnion(file.values.keys) }
        return names.filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// A console `set`: only live options; others are named with where to change them.
    public mutating func set(_ name: String, _ raw: String) -> Result<OptionValue, OptionError> {
        guard let d = catalog[name] else { return .failure(catalog.unknown(name)) }
        guard d.live else {
            return .failure(OptionError(message: "\(name) cannot change while playing; put it in the options file and restart playhead"))
        }
        let parsed = d.parse(raw, named: name)
        if case .success(let v) = parsed { console[name] = v }
        return parsed
    }

    /// A new options file: the console's changes give way to it. Returns the names whose value
    /// in force changed.
    public mutating func replaceFile(_ newFile: OptionsFile?) -> [String] {
        let before = self
        file = newFile
        console = [:]
        return catalog.declarations.map(\.name).filter { before[$0] != self[$0] }
    }
}
