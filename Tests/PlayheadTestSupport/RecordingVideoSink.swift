import Playhead
import Synchronization

/// Remembers every frame it was given: its media time, when it was due, and its digest (and,
/// when asked, the picture itself).
public final class RecordingVideoSink: VideoSink {
    public struct Entry: Sendable, Hashable {
        public var pts: MediaTime
        public var due: HostTime
        public var digest: UInt64
    }

    private let entries = Mutex<[Entry]>([])
    private let failed = Mutex<PlaybackError?>(nil)
    private let tags = Mutex<(seen: [UInt64], handler: (@Sendable (UInt64) -> Void)?)>(([], nil))
    private let kept = Mutex<[any VideoPicture]>([])
    private let presented = Mutex<(@Sendable (Entry) -> Void)?>(nil)
    public let reportsDisplay: Bool
    public let keepsPictures: Bool

    /// With `reportsDisplay`, tagged frames count as shown only when the test calls `flip()`,
    /// as a display's page flip would confirm them. With `keepsPictures`, every picture is
    /// kept (a decoder's frames stay referenced: for short clips only).
    public init(reportsDisplay: Bool = false, keepsPictures: Bool = false) {
        self.reportsDisplay = reportsDisplay
        self.keepsPictures = keepsPictures
    }
    public var name: String { "recording" }

    public func present(_ frame: VideoFrame, dueAt hostTime: HostTime) {
        let digest = frame.picture.digest()
        let entry = Entry(pts: frame.pts, due: hostTime, digest: digest)
        entries.withLock { $0.append(entry) }
        if keepsPictures { kept.withLock { $0.append(frame.picture) } }
        if frame.displayTag != 0 { tags.withLock { $0.seen.append(frame.displayTag) } }
        presented.withLock { $0 }?(entry)
    }

    /// Calls `handler` with each frame once recorded, on the thread that presents it (the
    /// engine's): a test acts at an exact frame, before the engine's next pass.
    public func onPresent(_ handler: (@Sendable (Entry) -> Void)?) {
        presented.withLock { $0 = handler }
    }

    /// The pictures given, in the order of `frames`, when made with `keepsPictures`.
    public var pictures: [any VideoPicture] { kept.withLock { $0 } }

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
