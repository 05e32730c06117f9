/// Where pictures go: a display, nothing (null), or a recording for tests.
public protocol VideoSink: AnyObject, Sendable {
    var name: String { get }
    /// Shows `frame` now; `hostTime` is when the engine wanted it shown.
    func present(_ frame: VideoFrame, dueAt hostTime: HostTime)
    /// A new item or a seek: forget the current picture's timing.
    func flush()
}
