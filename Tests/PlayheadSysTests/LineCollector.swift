import Synchronization

/// A line sink that keeps what it is given, for any thread.
final class LineCollector: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    @Sendable func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }
}
