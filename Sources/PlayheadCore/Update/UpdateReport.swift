/// What the root update agent says of the slots and of an install, from the `key=value` files
/// it keeps in /run/playhead-update (docs/updates.md): the booted slot and each slot's version,
/// an install's progress or its one-line failure, and why the board fell back to this slot.
/// Files are read as text and trusted for nothing but display: control characters are escaped
/// and every value is cut to a bounded length.
public struct UpdateReport: Sendable, Equatable {
    public var slots: [String: String] = [:]
    public var install: [String: String] = [:]
    public var fallback: String?

    public static let maximumValue = 300

    public init(slots: [String: String] = [:], install: [String: String] = [:], fallback: String? = nil) {
        self.slots = slots
        self.install = install
        self.fallback = fallback
    }

    /// `key=value` lines; a line without `=`, or with an odd key, is left out.
    public static func fields(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for line in text.split(separator: "\n").prefix(64) {
            guard let eq = line.firstIndex(of: "=") else { continue }
            let key = line[..<eq]
            guard !key.isEmpty, key.count <= 32, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }) else { continue }
            out[String(key)] = String(ControlCharacters.escaped(String(line[line.index(after: eq)...])).prefix(maximumValue))
        }
        return out
    }

    public init(slotsText: String?, installText: String?, fallbackText: String?) {
        slots = slotsText.map(Self.fields) ?? [:]
        install = installText.map(Self.fields) ?? [:]
        fallback = fallbackText.flatMap { $0.split(separator: "\n").first }
            .map { String(ControlCharacters.escaped(String($0)).prefix(Self.maximumValue)) }
    }

    /// The `update` reply and status's `update` value.
    public var reply: ReplyValue {
        let booted = slots["booted"]
        var fields: [ReplyValue.Field] = [
            .init("slot", .optional(booted)),
            .init("version", .optional(slots["version"])),
        ]
        if let booted {
            let other = booted == "A" ? "B" : "A"
            fields.append(.init("other", .object([
                .init("slot", .string(other)),
                .init("version", .optional(slots["\(other).version"])),
                .init("state", .optional(slots["\(other).state"])),
            ])))
        }
        if let state = install["state"] {
            var i: [ReplyValue.Field] = [.init("state", .string(state))]
            for key in ["source", "progress", "step", "version", "reboot", "message"] {
                if let v = install[key] { i.append(.init(key, .string(v))) }
            }
            fields.append(.init("install", .object(i)))
        }
        if let fallback { fields.append(.init("fell-back", .string(fallback))) }
        return .object(fields)
    }
}
