/// The status light, from its options line:
/// `led = line=LINE [chip=CHIP] [active=high|low] [playing=on] [buffering=slow] [error=fast]
/// [paused=off] [stopped=off]`, each state mapped to on, off, slow or fast.
public struct LightSpec: Sendable, Hashable {
    public let ref: GPIOLineRef
    public let activeLow: Bool
    public let patterns: [PlayerActivity: LightPattern]

    public static let standard: [PlayerActivity: LightPattern] = [
        .playing: .on, .buffering: .slow, .error: .fast, .paused: .off, .stopped: .off,
    ]

    public init(ref: GPIOLineRef, activeLow: Bool = false, patterns: [PlayerActivity: LightPattern] = LightSpec.standard) {
        self.ref = ref
        self.activeLow = activeLow
        self.patterns = patterns
    }

    public func pattern(for activity: PlayerActivity) -> LightPattern { patterns[activity] ?? .off }

    public static let usage = "line=LINE [chip=CHIP] [active=high|low] [playing|buffering|error|paused|stopped=on|off|slow|fast]"

    public static func parse(_ text: String) -> Result<LightSpec, SpecError> {
        let words: [(key: String, value: String)]
        switch SpecWords.parse(text) {
        case .success(let w): words = w
        case .failure(let e): return .failure(e)
        }
        var chip: String?, line: String?, activeLow = false, patterns = standard
        for (key, value) in words {
            if let activity = PlayerActivity(rawValue: key) {
                guard let p = LightPattern(rawValue: value.lowercased()) else {
                    return .failure(SpecError("\(key): '\(value)' is not one of on, off, slow, fast"))
                }
                patterns[activity] = p
                continue
            }
            switch key {
            case "chip": chip = value
            case "line": line = value
            case "active":
                switch value.lowercased() {
                case "low": activeLow = true
                case "high": activeLow = false
                default: return .failure(SpecError("active: '\(value)' is not low or high"))
                }
            default: return .failure(SpecError("unknown key '\(key)'; the light takes \(usage)"))
            }
        }
        guard let line, !line.isEmpty else { return .failure(SpecError("no line=; the light takes \(usage)")) }
        return .success(LightSpec(ref: GPIOLineRef(chip: chip, line: GPIOLineRef.line(line)), activeLow: activeLow, patterns: patterns))
    }
}
