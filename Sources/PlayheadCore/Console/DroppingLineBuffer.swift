/// Lines waiting for a slow output (the console at 115200 baud, a terminal nobody scrolls),
/// bounded: a full buffer drops the line and counts it rather than make the thread that logs
/// wait, so logging never holds playback up. The batch taken after drops ends with one line
/// that says how many were lost, so a reader knows the log has a gap and how large.
public struct DroppingLineBuffer: Sendable {
    public let capacity: Int
    private var lines: [String] = []
    private var dropped = 0

    public init(capacity: Int) {
        precondition(capacity > 0, "a line buffer holds at least one line")
        self.capacity = capacity
    }

    /// Lines waiting.
    public var count: Int { lines.count }

    /// False when the buffer was full and the line was dropped (and counted).
    public mutating func offer(_ line: String) -> Bool {
        guard lines.count < capacity else {
            dropped += 1
            return false
        }
        lines.append(line)
        return true
    }

    /// Everything waiting, in order, and after it the count of lines dropped since the last
    /// take, if any.
    public mutating func takeAll() -> [String] {
        var batch = lines
        lines.removeAll(keepingCapacity: true)
        if dropped > 0 {
            batch.append("(\(dropped) log line\(dropped == 1 ? "" : "s") dropped: the console or standard error was too slow)")
            dropped = 0
        }
        return batch
    }
}
