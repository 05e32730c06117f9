import DequeModule

/// The last `capacity` lines, oldest first: the log's tail the control page shows, in memory
/// whose size does not grow with uptime.
public struct RecentLines: Sendable {
    public let capacity: Int
    private var lines = Deque<String>()
    /// Lines ever added, so a reader can ask for only what came after what it saw.
    public private(set) var total = 0

    public init(capacity: Int) { self.capacity = max(1, capacity) }

    public mutating func append(_ line: String) {
        if lines.count == capacity { lines.removeFirst() }
        lines.append(line)
        total += 1
    }

    /// At most `limit` of the newest lines.
    public func newest(_ limit: Int) -> [String] { Array(lines.suffix(max(0, limit))) }
}
