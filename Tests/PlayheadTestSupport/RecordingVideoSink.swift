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
    private let tags = Mutex<(seen: [UInt64], handler: (@Sendable (UInt64) -> Void)?)>(([], nil))
    public let reportsDisplay: Bool

    /// With `reportsDisplay`, tagged frames count as shown only when the test calls `flip()`,
    /// as a display's page flip would confirm them.
    public init(reportsDisplay: Bool = false) { self.reportsDisplay = reportsDisplay }
    public var name: String { "recording" }

    public func present(_ frame: VideoFrame, dueAt hostTime: HostTime) {
        let digest = frame.picture.digest()
        entries.withLock { $0.append(Entry(pts: frame.pts, due: hostTime, digest: digest)) }
        if frame.displayTag != 0 { tags.withLock { $0.seen.append(frame.displayTag) } }
    }

    public func setDisplayedHandler(_ handler: @escaping @Sendable (UInt64) -> Void) {
        tags.withLock { $0.handler = handler }
    }

    /// The tags handed over so far, oldest first.
    public var displayTags: [UInt64] { tags.withLock { $0.seen } }

    /// Confirms every tagged frame handed over so far as shown.
    public func flip() {
        let (last, handler) = tags.withLock { ($0.seen.last, $0.handler) }
        if let last, let handler { handler(last) }
    }

    public func flush() {}
    public var frames: [Entry] { entries.withLock { $0 } }

    /// Makes the output fail for good, as a display that went away would.
    public func fail(_ error: PlaybackError) { failed.withLock { $0 = error } }
    public var failure: PlaybackError? { failed.withLock { $0 } }
}
