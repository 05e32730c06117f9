import Playhead
import PlayheadCore

/// The screen's layers (`layer.NAME = SPEC` lines), declared once and read into a ScreenLayout.
enum LayerOptions {
    /// A family: `layer.bg`, `layer.left`..., each named by whoever writes the file.
    static let layer = OptionKey.text("layer.*", placeholder: "SPEC", group: "display",
                                      help: "a layer of the screen, a player of its own drawn into its frame: \(LayerSpec.usage)",
                                      check: { text in
                                          if case .failure(let e) = LayerSpec.parse(name: "x", text) { return e.message }
                                          return nil
                                      })

    static let declarations: [OptionDeclaration] = [layer.declaration]

    /// The layers the options give, or nil when there is no `layer.*` line (one full-screen
    /// player, as before layers). A line's place in the options file orders layers without z;
    /// lines from the command line come after the file's, in name order.
    static func layout(_ settings: Settings) -> Result<ScreenLayout?, SpecError> {
        let members = settings.members(of: layer)
        guard !members.isEmpty else { return .success(nil) }
        var specs: [(spec: LayerSpec, line: Int)] = []
        for (offset, member) in members.enumerated() {
            guard let text = member.value else { continue }
            let name = String(member.name.dropFirst("layer.".count))
            switch LayerSpec.parse(name: name, text) {
            case .failure(let e): return .failure(SpecError("\(member.name): \(e.message)"))
            case .success(let spec):
                var line = 1_000_000 + offset
                if case .file(_, let l)? = settings.lookup(member.name)?.1 { line = l }
                specs.append((spec, line))
            }
        }
        return ScreenLayout.resolve(specs, defaultSource: nil).map { $0 }
    }

    /// The name of the layer a lone player's subtitles are drawn on.
    static let lonePlayerSubtitles = "subtitles"

    /// A lone player (no `layer.*` line) that may be given subtitles (`subtitle-languages`,
    /// `captions`, or `audio-languages`, which chooses the forced ones in the sound's language)
    /// on a screen: the layout two lines would give, the player full screen with its subtitles
    /// on a layer above it, so that what is chosen is drawn. Nil otherwise.
    static func subtitlesForLonePlayer(_ settings: Settings) -> ScreenLayout? {
        guard settings.members(of: layer).isEmpty, settings[AppOptions.videoOutput] == .drm else { return nil }
        // Whether an item has forced subtitles is known only once it is open, after the planes
        // are shared out: a layer for them is made whenever they may come.
        let asked = [PlayerOptions.subtitleLanguages, PlayerOptions.audioLanguages].contains { !(settings[$0] ?? "").isEmpty }
        guard asked || settings[PlayerOptions.captions] else { return nil }
        let main = LayerSpec(name: ScreenLayout.defaultName, source: "")
        guard case .success(let subtitles) = LayerSpec.parse(name: lonePlayerSubtitles, "subtitles=\(ScreenLayout.defaultName)"),
              case .success(let layout) = ScreenLayout.resolve([(main, 0), (subtitles, 1)], defaultSource: nil) else { return nil }
        return layout
    }

    /// The layer whose player the console, the socket and the state follow: the first one heard
    /// (the first line's, unless muted), else the lowest that plays media (not an image= overlay).
    static func mainIndex(_ layout: ScreenLayout) -> Int {
        layout.layers.firstIndex { $0.heard } ?? layout.layers.firstIndex { !$0.spec.isOverlay } ?? 0
    }

    /// Each grouped layer's group, by the layer's name.
    static func groups(_ layout: ScreenLayout) -> [String: String] {
        Dictionary(layout.layers.compactMap { l in l.spec.group.map { (l.spec.name, $0) } }, uniquingKeysWith: { a, _ in a })
    }
}
