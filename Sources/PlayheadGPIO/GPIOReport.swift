import PlayheadCore

/// What `gpio` answers: every chip and line (name, direction, consumer, value), then the map.
public enum GPIOReport {
    public static func describe(chips: [GPIOChipInfo], buttons: GPIOButtons?) -> ReplyValue {
        var fields: [ReplyValue.Field] = []
        if chips.isEmpty { fields.append(.init("chips", .string("none (/dev/gpiochip*); load the board's GPIO driver"))) }
        for chip in chips {
            let lines = chip.lines.map { l -> ReplyValue in
                let value = l.value.map { $0 ? "1" : "0" } ?? "-"
                return .string("\(l.offset) \(l.name ?? "-") \(l.isOutput ? "output" : "input") consumer=\(l.consumer ?? "-") value=\(value)")
            }
            fields.append(.init("\(chip.name) [\(chip.label)] \(chip.path)", .list(lines)))
        }
        if let buttons { fields += buttons.report() } else { fields.append(.init("buttons", .string("none mapped"))) }
        return .object(fields)
    }
}
