import PlayheadCore

/// The buttons and the status light, declared once (help, options file, `get`) and read
/// through these constants.
public enum GPIOOptions {
    /// A family: `button.play`, `button.next`..., each named by whoever writes the file.
    public static let button = OptionKey.text("button.*", placeholder: "SPEC", group: "buttons",
                                           help: "a button on a GPIO line: \(ButtonSpec.usage)",
                                           check: { text in
                                               if case .failure(let e) = ButtonSpec.parse(name: "", text) { return e.message }
                                               return nil
                                           })
    public static let led = OptionKey.text("led", placeholder: "SPEC", group: "buttons",
                                        help: "a status light on a GPIO output line: \(LightSpec.usage)",
                                        check: { text in
                                            if case .failure(let e) = LightSpec.parse(text) { return e.message }
                                            return nil
                                        })
    public static let debounceMilliseconds = OptionKey.integer("button-debounce-ms", 0...500, default: 30, group: "buttons",
                                                            help: "how long a button's level must hold before it counts (contacts bounce)")
    public static let holdMilliseconds = OptionKey.integer("button-hold-ms", 100...10000, default: 800, group: "buttons",
                                                        help: "how long a press lasts before it is a hold (buttons with hold=)")
    public static let repeatDelayMilliseconds = OptionKey.integer("button-repeat-delay-ms", 50...10000, default: 500, group: "buttons",
                                                               help: "how long a repeating button is held before it repeats (buttons with repeat=yes)")
    public static let repeatMilliseconds = OptionKey.integer("button-repeat-ms", 20...5000, default: 150, group: "buttons",
                                                          help: "the pace of a held repeating button")

    public static let declarations: [OptionDeclaration] = [
        button.declaration, led.declaration, debounceMilliseconds.declaration, holdMilliseconds.declaration,
        repeatDelayMilliseconds.declaration, repeatMilliseconds.declaration,
    ]

    /// The map the options give; empty when none is set. The lines were checked as they were read.
    public static func map(_ settings: Settings) -> GPIOMap {
        let buttons = settings.members(of: button).compactMap { name, text -> ButtonSpec? in
            guard let text else { return nil }
            return try? ButtonSpec.parse(name: String(name.dropFirst(7)), text).get()
        }
        let light = settings[led].flatMap { try? LightSpec.parse($0).get() }
        let timing = ButtonTiming(debounceMs: settings[debounceMilliseconds], holdMs: settings[holdMilliseconds],
                                  repeatDelayMs: settings[repeatDelayMilliseconds], repeatIntervalMs: settings[repeatMilliseconds])
        return GPIOMap(buttons: buttons, light: light, timing: timing)
    }
}

/// The buttons, the light and the times, as the options give them.
public struct GPIOMap: Sendable, Hashable {
    public let buttons: [ButtonSpec]
    public let light: LightSpec?
    public let timing: ButtonTiming

    public init(buttons: [ButtonSpec], light: LightSpec?, timing: ButtonTiming) {
        self.buttons = buttons
        self.light = light
        self.timing = timing
    }

    public var isEmpty: Bool { buttons.isEmpty && light == nil }

    /// Every line found on `chips`, or the first one that is not, named with what exists.
    public func locate(in chips: [GPIOChipInfo]) -> Result<(buttons: [GPIOLineFinder.Found], light: GPIOLineFinder.Found?), SpecError> {
        var found: [GPIOLineFinder.Found] = []
        for b in buttons {
            switch GPIOLineFinder.find(b.ref, in: chips) {
            case .success(let f): found.append(f)
            case .failure(let e): return .failure(SpecError("button.\(b.name): \(e.message)"))
            }
        }
        var lightFound: GPIOLineFinder.Found?
        if let light {
            switch GPIOLineFinder.find(light.ref, in: chips) {
            case .success(let f): lightFound = f
            case .failure(let e): return .failure(SpecError("led: \(e.message)"))
            }
        }
        var seen = Set<String>()
        for f in found + (lightFound.map { [$0] } ?? []) where !seen.insert("\(f.chip.path):\(f.offset)").inserted {
            return .failure(SpecError("\(f.chip.name) line \(f.offset) is mapped twice; each button and the light need a line of their own"))
        }
        return .success((found, lightFound))
    }
}
