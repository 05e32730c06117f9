import PlayheadCore
@testable import PlayheadApp

/// The appliance's settings from an options file's text, as `p.conf`.
func settingsFromOptions(_ text: String) throws -> Settings {
    let catalog = AppOptions.catalog
    return Settings(catalog: catalog, file: try OptionsFile.parse(text, path: "p.conf", catalog: catalog).get())
}
