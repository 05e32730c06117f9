/// The options file: `name = value` lines, `#` comments, blank lines. Every bad line is
/// reported with the file, the line, the key and what is allowed; nothing bad is kept.
///
/// swift-configuration was read first: its `.env` parser skips malformed lines silently and
/// its JSON and YAML providers keep no line numbers, and a person editing a board's file over
/// a serial line needs to be told which line is wrong.
public struct OptionsFile: Sendable {
    public let path: String
    /// Checked values by option name; a later line for the same option wins, as in mpv.
    public let values: [String: OptionValue]
    /// Where each value came from, for `get`.
    public let lines: [String: Int]

    public init(path: String, values: [String: OptionValue], lines: [String: Int]) {
        self.path = path
        self.values = values
        self.lines = lines
    }

    public static func parse(_ text: String, path: String, catalog: OptionCatalog) -> Result<OptionsFile, OptionsFileErrors> {
        var values: [String: OptionValue] = [:]
        var lines: [String: Int] = [:]
        var errors: [OptionError] = []
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        for (i, rawLine) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = i + 1
            let where_ = "\(path):\(number)"
            let line = String(rawLine).trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "=") else {
                errors.append(OptionError(message: "'\(line)' is not `name = value`", origin: where_))
                continue
            }
            let name = String(line[..<eq]).trimmingSpaces
            var value = String(line[line.index(after: eq)...]).trimmingSpaces
            // Quotes allow leading spaces or a `#` inside a value.
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = String(value.dropFirst().dropLast()) }
            switch catalog.parse(name, value) {
            case .success(let v):
                values[name] = v
                lines[name] = number
            case .failure(let e):
                errors.append(e.at(where_))
            }
        }
        guard errors.isEmpty else {
            return .failure(OptionsFileErrors(errors: errors, goodLines: OptionsFile(path: path, values: values, lines: lines)))
        }
        return .success(OptionsFile(path: path, values: values, lines: lines))
    }
}

/// Every bad line of a file; the first is the one-line summary.
public struct OptionsFileErrors: Error, Sendable, CustomStringConvertible {
    public let errors: [OptionError]
    /// What the file's good lines say, for safe mode, which must come up on a screen and a
    /// socket even when the file that broke playhead is bad.
    public let goodLines: OptionsFile?
    public init(errors: [OptionError], goodLines: OptionsFile? = nil) {
        self.errors = errors
        self.goodLines = goodLines
    }
    public var description: String {
        errors.count == 1 ? errors[0].description : "\(errors[0]) (and \(errors.count - 1) more bad lines)"
    }
}
