/// Decides what to do with the next decoded video frame given the media time now. A frame is
/// shown when its time has come, and dropped when the frame after it is also already due (it
/// would be replaced before anyone saw it).
public enum FrameDecision: Sendable, Hashable {
    case present
    case drop
    /// Not yet: wait until the clock reaches this media time.
    case wait(until: MediaTime)
}

public struct FrameScheduler: Sendable {
    public init() {}

    /// `next` is the frame after `frame` when already decoded. `forward` is false in reverse
    /// playback, where time runs down.
    public func decide(frame: VideoFrame, next: VideoFrame?, now: MediaTime,
                       forward: Bool = true) -> FrameDecision {
        if forward {
            if frame.pts > now { return .wait(until: frame.pts) }
            if let next, next.pts <= now { return .drop }
            return .present
        }
        if frame.pts < now { return .wait(until: frame.pts) }
        if let next, next.pts >= now { return .drop }
        return .present
    }
}
