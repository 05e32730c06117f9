/// One button of the map, from its options line:
/// `button.NAME = line=LINE [chip=CHIP] [active=low|high] [bias=pull-up|pull-down|none|as-is]
/// [press=COMMAND] [hold=COMMAND] [release=COMMAND] [repeat=yes|no]`.
///
/// `press` runs when the button goes down, or at release when a `hold` command is also set and
/// the button was let go before the hold time; `hold` runs once when it is held that long;
/// `repeat` runs `press` again while held (volume, seek); `release` runs when it is let go
/// (`press="interruption begin" release="interruption end"` for a doorbell input).
public struct ButtonSpec: Sendable, Hashable {
    public let name: String
    public let ref: GPIOLineRef
    public let activeLow: Bool
    public let bias: GPIOBias
    public let press: String?
    public let hold: String?
    public let release: String?
    public let repeats: Bool

    public init(name: String, ref: GPIOLineRef, activeLow: Bool = true, bias: GPIOBias = .pullUp,
                press: String? = nil, hold: String? = nil, release: String? = nil, repeats: Bool = false) {
        self.name = name
        self.ref = ref
        self.activeLow = activeLow
        self.bias = bias
        self.press = press
        self.hold = hold
        self.release = release
        self.repeats = repeats
    }

    public static let usage = "line=LINE [chip=CHIP] [active=low|high] [bias=pull-up|pull-down|none|as-is] "
        + "[press=COMMAND] [hold=COMMAND] [release=COMMAND] [repeat=yes|no]"

    public static func parse(name: String, _ text: String) -> Result<ButtonSpec, SpecError> {
        let words: [(key: String, value: String)]
        switch SpecWords.parse(text) {
        case .success(let w): words = w
        case .failure(let e): return .failure(e)
        }
        var wiring = LineWords(activeLow: true), bias = GPIOBias.pullUp
        var press: String?, hold: String?, release: String?, repeats = false
        for (key, value) in words {
            switch wiring.take(key, value) {
            case .failure(let e): return .failure(e)
            case .success(true): continue
            case .success(false): break
            }
            switch key {
            case "bias":
                guard let b = GPIOBias(rawValue: value.lowercased()) else {
                    return .failure(SpecError("bias: '\(value)' is not one of \(GPIOBias.allCases.map(\.rawValue).joined(separator: ", "))"))
                }
                bias = b
            case "press", "hold", "release":
                if case .failure(let e) = CommandGrammar.parse(value) { return .failure(SpecError("\(key): \(e.message)")) }
                if key == "press" { press = value } else if key == "hold" { hold = value } else { release = value }
            case "repeat":
                guard let r = SpecWords.yesNo(value) else { return .failure(SpecError("repeat: '\(value)' is not yes or no")) }
                repeats = r
            default:
                return .failure(SpecError("unknown key '\(key)'; a button takes \(usage)"))
            }
        }
        guard let line = wiring.line, !line.isEmpty else { return .failure(SpecError("no line=; a button takes \(usage)")) }
        guard press != nil || hold != nil || release != nil else {
            return .failure(SpecError("no command: give press=, hold= or release="))
        }
        if repeats && hold != nil { return .failure(SpecError("repeat and hold cannot both be set: a held button repeats its press")) }
        if repeats && press == nil { return .failure(SpecError("repeat needs press=, the command it repeats")) }
        return .success(ButtonSpec(name: name, ref: GPIOLineRef(chip: wiring.chip, line: GPIOLineRef.line(line)), activeLow: wiring.activeLow,
                                   bias: bias, press: press, hold: hold, release: release, repeats: repeats))
    }
}
