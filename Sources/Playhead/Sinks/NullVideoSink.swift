import PlayheadSys
import Synchronization

/// Shows nothing; counts what it was given. With a trace path it also keeps each picture's
/// media time and due time (`--flip-trace` without a display), written once at the end: a
/// sync group's members on one machine compared on their one monotonic clock.
public final class NullVideoSink: VideoSink {
    private let count = Mutex<Int>(0)
    private let trace: Mutex<FlipTrace?>

    public init(tracePath: String? = nil) {
        trace = Mutex(tracePath.map { FlipTrace(path: $0) })
    }

    public var name: String { "null" }

    public func present(_ frame: VideoFrame, dueAt hostTime: HostTime) {
        count.withLock { $0 += 1 }
        trace.withLock { $0?.presented(pts: frame.pts, due: hostTime.nanoseconds) }
    }

    public func flush() {}
    public var presentedCount: Int { count.withLock { $0 } }

    /// Writes the trace, once; the reason when it could not be written.
    public func writeTrace() -> String? {
        guard let t = trace.withLock({ t -> FlipTrace? in defer { t = nil }; return t }) else { return nil }
        do throws(PlaybackError) { try FileOutput.write(Array(t.text.utf8), to: t.path) } catch { return error.message }
        return nil
    }
}
