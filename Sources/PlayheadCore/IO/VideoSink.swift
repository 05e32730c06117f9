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
}

extension VideoSink {
    public var failure: PlaybackError? { nil }
    public var presentationLeadNanoseconds: Int64 { 0 }
}
