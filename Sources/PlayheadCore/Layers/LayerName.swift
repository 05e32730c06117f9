/// A layer's or group's name: what a console command addresses it by (`pause left`), so ASCII
/// letters, digits, `-` and `_`, starting with a letter, at most 32.
enum LayerName {
    static func isValid(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard let first = scalars.first, scalars.count <= 32, isLetter(first) else { return false }
        return scalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }

    static func rule(_ name: String) -> String {
        "'\(name.prefix(40))' is not a name: letters, digits, - and _, starting with a letter, at most 32"
    }

    private static func isLetter(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
}
