/// The names playhead gives screenshots in their folder (`screenshot-000042.png`): a console
/// client chooses no path, so it can reach no file but these, and the oldest go once there are
/// more than a count, so a client asking again and again cannot fill the disk.
public enum ScreenshotNames {
    static let prefix = "screenshot-"
    static let suffix = ".png"

    public static func name(_ number: Int) -> String {
        let digits = String(number)
        return prefix + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + suffix
    }

    /// The number in one of our names; nil for any other file (left alone).
    public static func number(of name: String) -> Int? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// The number after the highest in the folder's names.
    public static func next(after names: [String]) -> Int {
        (names.compactMap(number(of:)).max() ?? 0) + 1
    }

    /// Our names beyond the newest `keep`, oldest first: to remove.
    public static func surplus(in names: [String], keep: Int) -> [String] {
        let ours = names.compactMap { n in number(of: n).map { (n, $0) } }.sorted { $0.1 < $1.1 }
        return ours.dropLast(max(0, keep)).map(\.0)
    }
}
