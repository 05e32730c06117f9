/// Where pictures go: a display, nothing (null), or a recording for tests.
public protocol VideoSink: AnyObject, Sendable {
    var name: String { get }
    /// Shows `frame` now; `hostTime` is when the engine wanted it shown.
    func present(_ frame: VideoFrame, dueAt hostTime: HostTime)
    /// A new item or a seek: forget the current picture's timing.
    func flush()
    /// Set once the output can no longer show anything (the display is gone for good). The
    /// player then fails as a whole: items cannot help it.
    var failure: PlaybackError? { get }
    /// How long before its due time the sink wants a frame: a display that must convert the
    /// picture and wait for a vblank asks for it early, so that it reaches the screen on time.
    var presentationLeadNanoseconds: Int64 { get }
    /// True when the sink calls the displayed handler as tagged frames reach the screen (a
    /// display's page flip); otherwise a frame counts as shown when it is handed over.
    var reportsDisplay: Bool { get }
    /// `handler(tag)` is called, from the sink's own thread, when the frame carrying `tag` (or
    /// a later frame that overtook it) is on screen.
    func setDisplayedHandler(_ handler: @escaping @Sendable (UInt64) -> Void)
}

extension VideoSink {
    public var failure: PlaybackError? { nil }
    public var presentationLeadNanoseconds: Int64 { 0 }
    public var reportsDisplay: Bool { false }
    public func setDisplayedHandler(_ handler: @escaping @Sendable (UInt64) -> Void) {}
}
