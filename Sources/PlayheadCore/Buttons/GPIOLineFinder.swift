/// Finds the map's lines among the chips the kernel lists; what it cannot find is said with
/// what exists, so the person editing the map can fix it from the error alone.
public enum GPIOLineFinder {
    public struct Found: Sendable, Hashable {
        public let chip: GPIOChipInfo
        public let offset: Int
    }

    public static func find(_ ref: GPIOLineRef, in chips: [GPIOChipInfo]) -> Result<Found, SpecError> {
        guard !chips.isEmpty else {
            return .failure(SpecError("no GPIO chips on this board (/dev/gpiochip*); load the GPIO driver or remove the map"))
        }
        var candidates = chips
        if let wanted = ref.chip {
            candidates = chips.filter { $0.matches(wanted) }
            guard !candidates.isEmpty else {
                let list = chips.map { "\($0.name) (\($0.label))" }.joined(separator: ", ")
                return .failure(SpecError("no GPIO chip '\(wanted)'; the chips are \(list)"))
            }
        }
        switch ref.line {
        case .offset(let n):
            guard ref.chip != nil || candidates.count == 1 else {
                return .failure(SpecError("line=\(n) needs chip=, as the board has \(chips.count) chips: \(chips.map(\.name).joined(separator: ", "))"))
            }
            let chip = candidates[0]
            guard chip.lines.contains(where: { $0.offset == n }) else {
                return .failure(SpecError("\(chip.name) has no line \(n); it has lines 0 to \(chip.lines.count - 1)"))
            }
            return .success(Found(chip: chip, offset: n))
        case .name(let wanted):
            for chip in candidates {
                if let line = chip.lines.first(where: { $0.name == wanted }) { return .success(Found(chip: chip, offset: line.offset)) }
            }
            let names = candidates.flatMap { c in c.lines.compactMap(\.name).map { "\(c.name):\($0)" } }
            let listed = names.isEmpty ? "no line has a name; use line=OFFSET with chip="
                : "named lines are " + names.prefix(40).joined(separator: ", ") + (names.count > 40 ? "..." : "")
            return .failure(SpecError("no GPIO line named '\(wanted)'\(ref.chip.map { " on \($0)" } ?? ""); \(listed)"))
        }
    }
}
