import Synchronization

/// Shows nothing; counts what it was given.
public final class NullVideoSink: VideoSink {
    private let count = Mutex<Int>(0)
    public init() {}
    public var name: String { "null" }
    public func present(_ frame: VideoFrame, dueAt hostTime: HostTime) { count.withLock { $0 += 1 } }
    public func flush() {}
    public var presentedCount: Int { count.withLock { $0 } }
}
