import PlayheadSys

/// Reads and checks the options file.
enum OptionsFileReader {
    /// A few hundred lines at most in practice.
    static let byteLimit = 256 << 10

    /// A missing file is no file, unless it was named on the command line.
    static func read(path: String, required: Bool) -> Result<OptionsFile?, OptionsFileErrors> {
        let text: String
        switch FileInput.read(path, limit: byteLimit) {
        case .text(let t): text = t
        case .missing where !required: return .success(nil)
        case .tooLarge:
            return .failure(OptionsFileErrors(errors: [OptionError(
                message: "larger than \(byteLimit >> 10) KiB, so not an options file; check the path (--config)", origin: path)]))
        case .missing, .unreadable:
            return .failure(OptionsFileErrors(errors: [OptionError(
                message: "cannot read the options file; check the path (--config) and its permissions", origin: path)]))
        }
        return OptionsFile.parse(text, path: path, catalog: AppOptions.catalog).map { Optional($0) }
    }
}
