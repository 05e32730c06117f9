/// Names as people sort them: "2" before "10", "track 9" before "track 10", case ignored; names
/// that compare equal so are ordered by their bytes, so the order is total and stable.
public enum NaturalOrder {
    public static func less(_ a: String, _ b: String) -> Bool {
        switch compare(Array(a.lowercased().unicodeScalars), Array(b.lowercased().unicodeScalars)) {
        case .some(let r): return r
        case nil: return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        }
    }

    /// nil when equal without case and leading zeros.
    static func compare(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool? {
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                let (na, ei) = digits(a, from: i)
                let (nb, ej) = digits(b, from: j)
                if na.count != nb.count { return na.count < nb.count }
                if na != nb { return na.lexicographicallyPrecedes(nb, by: { $0.value < $1.value }) }
                i = ei
                j = ej
                continue
            }
            if a[i] != b[j] { return a[i].value < b[j].value }
            i += 1
            j += 1
        }
        if i < a.count || j < b.count { return i >= a.count }
        return nil
    }

    private static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }

    /// The run of digits from `start`, leading zeros dropped, and where it ends.
    private static func digits(_ s: [Unicode.Scalar], from start: Int) -> ([Unicode.Scalar], Int) {
        var end = start
        while end < s.count && isDigit(s[end]) { end += 1 }
        var run = Array(s[start..<end])
        while run.count > 1 && run.first == "0" { run.removeFirst() }
        return (run, end)
    }
}
