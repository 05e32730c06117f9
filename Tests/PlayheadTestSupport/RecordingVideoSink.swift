import Playhead
import Synchronization

/// Remembers every frame it was given: its media time, when it was due, and its digest.
public final class RecordingVideoSink: VideoSink {
    public struct Entry: Sendable, Hashable {
        public var pts: MediaTime
        public var due: HostTime
        public var digest: UInt64
    }

    private let entries = Mutex<[Entry]>([])
    private let failed = Mutex<PlaybackError?>(nil)
    public init() {}
    public var name: String { "recording" }

    public func present(_ frame: VideoFrame, dueAt hostTime: HostTime) {
        let digest = frame.picture.digest()
        entries.withLock { $0.append(Entry(pts: frame.pts, due: hostTime, digest: digest)) }
    }

    public func flush() {}
    public var frames: [Entry] { entries.withLock { $0 } }

    /// Makes the output fail for good, as a display that went away would.
    public func fail(_ error: PlaybackError) { failed.withLock { $0 = error } }
    public var failure: PlaybackError? { failed.withLock { $0 } }
}
