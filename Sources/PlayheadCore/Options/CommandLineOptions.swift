/// `--name value`, `--name=value`, `--flag` and `--no-flag` against the declared options;
/// everything else is an item to play. `--` ends the options.
public enum CommandLineOptions {
    public static func parse(_ arguments: [String], catalog: OptionCatalog)
        -> Result<(values: [String: OptionValue], items: [String]), OptionError> {
        var values: [String: OptionValue] = [:]
        var items: [String] = []
        var i = 0
        var optionsEnded = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            guard !optionsEnded, arg.hasPrefix("--"), arg.count > 2 else {
                if arg == "--" && !optionsEnded { optionsEnded = true } else { items.append(arg) }
                continue
            }
            var name = String(arg.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            var declaration = catalog[name]
            var negated = false
            if declaration == nil, name.hasPrefix("no-"), let d = catalog[String(name.dropFirst(3))], d.kind == .flag {
                declaration = d
                negated = true
                name = d.name
            }
            guard let declaration else { return .failure(catalog.unknown(name).at("--\(name)")) }
            if declaration.kind == .flag && inline == nil {
                values[name] = .flag(!negated)
                continue
            }
            guard let raw = inline ?? (i < arguments.count ? arguments[i] : nil) else {
                return .failure(OptionError(message: "needs a value: \(declaration.allowed)", origin: "--\(name)"))
            }
            if inline == nil { i += 1 }
            switch declaration.parse(raw, named: name) {
            case .success(let v): values[name] = v
            case .failure(let e): return .failure(e.at("--\(name)"))
            }
        }
        return .success((values, items))
    }

    /// The options part of `--help`, grouped, from the declarations.
    public static func help(_ catalog: OptionCatalog) -> String {
        var lines: [String] = []
        var group = ""
        for d in catalog.declarations {
            if d.group != group {
                group = d.group
                lines.append("")
                lines.append("\(group.prefix(1).uppercased() + group.dropFirst()):")
            }
            let value: String
            switch d.kind {
            case .flag: value = ""
            case .text(let p): value = " " + p
            case .integer, .number: value = " N"
            case .choice(let c): value = " " + c.joined(separator: "|")
            }
            var line = "  --\(d.familyPrefix.map { $0 + "NAME" } ?? d.name)\(value)"
            line += String(repeating: " ", count: max(1, 34 - line.count))
            line += d.help
            if let v = d.defaultValue { line += " (default: \(v))" }
            if d.live { line += " [live]" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
