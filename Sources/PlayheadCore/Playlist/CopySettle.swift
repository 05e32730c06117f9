/// Holds back files that are still being copied onto a stick: a file is ready once its size
/// has been seen the same in two looks at least `settle` apart.
public struct CopySettle: Sendable {
    public let settleNanoseconds: Int64
    private var seen: [String: (size: Int64, since: Int64)] = [:]

    public init(settleNanoseconds: Int64 = 2_000_000_000) { self.settleNanoseconds = settleNanoseconds }

    /// A look at the folder: the names ready to play (in the order given), and when to look
    /// again to release the others (nil: nothing is waiting).
    public mutating func observe(_ sizes: [(name: String, size: Int64)], now: Int64) -> (ready: [String], lookAgainAt: Int64?) {
        var next: [String: (size: Int64, since: Int64)] = [:]
        var ready: [String] = []
        var again: Int64?
        for (name, size) in sizes {
            let since = seen[name].flatMap { $0.size == size ? $0.since : nil } ?? now
            next[name] = (size, since)
            if now - since >= settleNanoseconds {
                ready.append(name)
            } else {
                again = min(again ?? .max, since + settleNanoseconds)
            }
        }
        seen = next
        return (ready, again)
    }
}
