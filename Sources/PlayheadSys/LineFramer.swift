/// Cuts a byte stream into newline-terminated lines, whatever the reads' boundaries: two lines
/// may come in one read and one line in several. A carriage return before the newline is
/// dropped (scripts from Windows, `telnet`). A line that grows past `limit` bytes is dropped
/// whole, and said once, as soon as it passes the limit, so a peer sending without newlines
/// cannot make it grow.
struct LineFramer {
    enum Event: Equatable {
        case line(String)
        /// A line passed the limit; its bytes up to the next newline are thrown away.
        case overlong
    }

    /// The most bytes kept before a newline (a carriage return counts).
    let limit: Int
    private var pending: [UInt8] = []
    private var discarding = false

    init(limit: Int) { self.limit = limit }

    /// Bytes of an unfinished line held so far.
    var pendingCount: Int { pending.count }

    mutating func append(_ bytes: UnsafeRawBufferPointer) -> [Event] {
        var events: [Event] = []
        var start = 0
        while start < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
            guard let newline = rest.firstIndex(of: 10) else {
                take(rest, into: &events)
                break
            }
            take(UnsafeRawBufferPointer(rebasing: rest[..<newline]), into: &events)
            if discarding {
                discarding = false
            } else {
                if pending.last == 13 { pending.removeLast() }
                events.append(.line(String(decoding: pending, as: UTF8.self)))
            }
            // Keep a small buffer for the next line, but give back one a long line grew.
            pending.removeAll(keepingCapacity: pending.capacity <= 4096)
            start += newline + 1
        }
        return events
    }

    private mutating func take(_ bytes: UnsafeRawBufferPointer, into events: inout [Event]) {
        guard !discarding else { return }
        if pending.count + bytes.count > limit {
            discarding = true
            pending = []
            events.append(.overlong)
        } else {
            pending.append(contentsOf: bytes)
        }
    }
}
