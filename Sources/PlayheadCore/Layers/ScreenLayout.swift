/// The screen's layers in drawing order (lowest first), resolved from the options' `layer.*`
/// lines: a layer without `z` is drawn in the order of its line, a later line over an earlier one.
/// No `layer.*` line: one full-screen layer, `main`, playing the queue the options already give,
/// so an options file from before layers keeps working unchanged.
public struct ScreenLayout: Sendable, Hashable {
    public struct Layer: Sendable, Hashable {
        public let spec: LayerSpec
        /// Drawing order: higher over lower.
        public let z: Int
        /// Whether its sound goes into the mix.
        public let heard: Bool
    }

    public let layers: [Layer]

    public static let defaultName = "main"

    /// The layers of `specs`, each with the options file's line it came from.
    public static func resolve(_ specs: [(spec: LayerSpec, line: Int)], defaultSource: String?) -> Result<ScreenLayout, SpecError> {
        guard !specs.isEmpty else {
            guard let defaultSource else { return .success(ScreenLayout(layers: [])) }
            return .success(ScreenLayout(layers: [Layer(spec: LayerSpec(name: defaultName, source: defaultSource), z: 0, heard: true)]))
        }
        let byLine = specs.sorted { $0.line < $1.line }
        // Unset z: after the highest given one below it in the file, so the file's order holds.
        var ordered: [(spec: LayerSpec, z: Int, line: Int)] = []
        var last = Int.min
        for (spec, line) in byLine {
            let z = spec.z ?? (last == Int.min ? 0 : last + 1)
            last = max(last, z)
            ordered.append((spec, z, line))
        }
        ordered.sort { ($0.z, $0.line) < ($1.z, $1.line) }
        let groups = Dictionary(grouping: ordered.compactMap(\.spec.group), by: { $0 })
        if let lone = groups.first(where: { $0.value.count == 1 })?.key {
            return .failure(SpecError("group \(lone) has one layer; a group keeps two or more in step"))
        }
        for (spec, _) in byLine {
            let key: String, target: String
            switch spec.content {
            case .title(let t): (key, target) = ("title", t)
            case .subtitles(let t): (key, target) = ("subtitles", t)
            default: continue
            }
            guard let shown = byLine.first(where: { $0.spec.name == target })?.spec, shown.content == .media else {
                return .failure(SpecError("layer \(spec.name): \(key)=\(target) names no layer that plays media; give a source= layer's name"))
            }
        }
        // The first line that has sound to give: an image= overlay above the video in the file
        // does not silence it.
        let firstLine = (byLine.first { !$0.spec.isOverlay } ?? byLine[0]).line
        let layers = ordered.map { entry in
            // A card of its own: heard there unless muted.
            Layer(spec: entry.spec, z: entry.z, heard: !(entry.spec.muted ?? (entry.spec.card == nil && entry.line != firstLine)))
        }
        return .success(ScreenLayout(layers: layers))
    }

    public func layer(named name: String) -> Layer? { layers.first { $0.spec.name == name } }
}
