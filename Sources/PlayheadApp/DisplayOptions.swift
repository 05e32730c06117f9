import PlayheadKMS

/// The display options the appliance reads, typed. PlayheadKMS declares them as bare
/// `OptionDeclaration`s (DRMOptions.declarations); until it declares `OptionKey` constants itself,
/// these name each key a second time. A name missing there stops playhead at its first read,
/// and OptionAccessorTests reads every one of them.
enum DisplayOptions {
    static let card = OptionKey<String?>(declared: declaration("drm-card"))
    static let connector = OptionKey<String?>(declared: declaration("display"))
    static let mode = OptionKey<String>(declared: declaration("display-mode"))
    static let screenshot = OptionKey<String?>(declared: declaration("screenshot"))
    static let screenshotFrame = OptionKey<Int>(declared: declaration("screenshot-frame"))
    static let screenshotFolder = OptionKey<String>(declared: declaration("screenshot-dir"))
    static let screenshotKeep = OptionKey<Int>(declared: declaration("screenshot-keep"))
    static let captureEvery = OptionKey<Int>(declared: declaration("capture-every"))
    static let captureFolder = OptionKey<String?>(declared: declaration("capture-dir"))

    private static func declaration(_ name: String) -> OptionDeclaration {
        guard let d = DRMOptions.declarations.first(where: { $0.name == name }) else {
            preconditionFailure("PlayheadKMS declares no option \(name)")
        }
        return d
    }
}
