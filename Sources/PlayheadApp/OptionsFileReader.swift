import PlayheadSys

/// Reads and checks the options file.
enum OptionsFileReader {
    /// A missing file is no file, unless it was named on the command line.
    static func read(path: String, required: Bool) -> Result<OptionsFile?, OptionsFileErrors> {
        guard let text = FileInput.readText(path) else {
            if !required && !FileInput.exists(path) { return .success(nil) }
            return .failure(OptionsFileErrors(errors: [OptionError(
                message: "cannot read the options file; check the path (--config) and its permissions", origin: path)]))
        }
        return OptionsFile.parse(text, path: path, catalog: AppOptions.catalog).map { Optional($0) }
    }
}
