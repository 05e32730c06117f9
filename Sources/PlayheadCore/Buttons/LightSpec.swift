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
        var wiring = LineWords(activeLow: false), patterns = standard
        for (key, value) in words {
            switch wiring.take(key, value) {
            case .failure(let e): return .failure(e)
            case .success(true): continue
            case .success(false): break
            }
            if let activity = PlayerActivity(rawValue: key) {
                guard let p = LightPattern(rawValue: value.lowercased()) else {
                    return .failure(SpecError("\(key): '\(value)' is not one of on, off, slow, fast"))
                }
                patterns[activity] = p
                continue
            }
            return .failure(SpecError("unknown key '\(key)'; the light takes \(usage)"))
        }
        guard let line = wiring.line, !line.isEmpty else { return .failure(SpecError("no line=; the light takes \(usage)")) }
        return .success(LightSpec(ref: GPIOLineRef(chip: wiring.chip, line: GPIOLineRef.line(line)), activeLow: wiring.activeLow,
                                  patterns: patterns))
    }
}
