import PlayheadCore

/// The buttons and the status light, declared once (help, options file, `get`).
public enum GPIOOptions {
    public static let declarations: [OptionDeclaration] = [
        .init("button.*", .text(placeholder: "SPEC"), group: "buttons",
              help: "a button on a GPIO line: \(ButtonSpec.usage)",
              check: { text in
                  if case .failure(let e) = ButtonSpec.parse(name: "", text) { return e.message }
                  return nil
              }),
        .init("led", .text(placeholder: "SPEC"), group: "buttons",
              help: "a status light on a GPIO output line: \(LightSpec.usage)",
              check: { text in
                  if case .failure(let e) = LightSpec.parse(text) { return e.message }
                  return nil
              }),
        .init("button-debounce-ms", .integer(0...500), default: .integer(30), group: "buttons",
              help: "how long a button's level must hold before it counts (contacts bounce)"),
        .init("button-hold-ms", .integer(100...10000), default: .integer(800), group: "buttons",
              help: "how long a press lasts before it is a hold (buttons with hold=)"),
        .init("button-repeat-delay-ms", .integer(50...10000), default: .integer(500), group: "buttons",
              help: "how long a repeating button is held before it repeats (buttons with repeat=yes)"),
        .init("button-repeat-ms", .integer(20...5000), default: .integer(150), group: "buttons",
              help: "the pace of a held repeating button"),
    ]

    /// The map the options give; empty when none is set. The lines were checked as they were read.
    public static func map(_ settings: Settings) -> GPIOMap {
        let buttons = settings.names(withPrefix: "button.").compactMap { name -> ButtonSpec? in
            guard let text = settings.string(name) else { return nil }
            return try? ButtonSpec.parse(name: String(name.dropFirst(7)), text).get()
        }
        let light = settings.string("led").flatMap { try? LightSpec.parse($0).get() }
        let timing = ButtonTiming(debounceMs: settings.integer("button-debounce-ms") ?? 30,
                                  holdMs: settings.integer("button-hold-ms") ?? 800,
                                  repeatDelayMs: settings.integer("button-repeat-delay-ms") ?? 500,
                                  repeatIntervalMs: settings.integer("button-repeat-ms") ?? 150)
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
