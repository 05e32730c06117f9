/// Every declared option, in the order given, found by name.
public struct OptionCatalog: Sendable {
    public let declarations: [OptionDeclaration]
    private let index: [String: Int]

    public init(_ groups: [[OptionDeclaration]]) {
        declarations = groups.flatMap { $0 }
        var index: [String: Int] = [:]
        for (i, d) in declarations.enumerated() {
            precondition(index[d.name] == nil, "option \(d.name) declared twice")
            index[d.name] = i
        }
        self.index = index
    }

    /// The option's declaration, or its family's (`button.play` is declared as `button.*`).
    public subscript(name: String) -> OptionDeclaration? {
        if let i = index[name] { return declarations[i] }
        guard let dot = name.firstIndex(of: "."), name.index(after: dot) < name.endIndex,
              let i = index[name[...dot] + "*"] else { return nil }
        return declarations[i]
    }

    /// `unknown option 'volum'`, with the nearest names when some are close.
    public func unknown(_ name: String) -> OptionError {
        let near = declarations.map(\.name).filter { Self.distance($0, name) <= 2 || $0.hasPrefix(name) }
        let hint = near.isEmpty ? "; `help options` lists them" : "; did you mean \(near.prefix(3).joined(separator: " or "))?"
        return OptionError(message: "unknown option '\(name)'\(hint)")
    }

    /// The option's value parsed, or the error naming it.
    public func parse(_ name: String, _ raw: String) -> Result<OptionValue, OptionError> {
        guard let d = self[name] else { return .failure(unknown(name)) }
        return d.parse(raw, named: name)
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[b.count]
    }
}
