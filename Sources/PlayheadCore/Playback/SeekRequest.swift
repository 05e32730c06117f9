/// A seek with AVFoundation's tolerances. Infinite tolerances mean "fast": land on the keyframe
/// at or before the target. Zero tolerances mean "exact": decode from that keyframe and show
/// the frame that covers the target.
public struct SeekRequest: Sendable, Hashable {
    public var target: MediaTime
    public var toleranceBefore: MediaTime
    public var toleranceAfter: MediaTime

    public init(target: MediaTime, toleranceBefore: MediaTime = .positiveInfinity,
                toleranceAfter: MediaTime = .positiveInfinity) {
        self.target = target
        self.toleranceBefore = toleranceBefore
        self.toleranceAfter = toleranceAfter
    }

    /// Whether a decoded frame spanning `[pts, end)` may be where the seek lands: it starts
    /// inside the tolerance window, or it is on screen at the target. Frames that end before
    /// the target and start before the window are decoded and thrown away. A frame past the
    /// window is accepted too: nothing closer can come after it.
    public func accepts(framePTS pts: MediaTime, end: MediaTime) -> Bool {
        pts >= target - toleranceBefore || end > target
    }

    /// The time the player reports once the seek has landed on a frame at `pts`.
    public func landingTime(framePTS pts: MediaTime) -> MediaTime {
        pts < target - toleranceBefore ? target : pts
    }
}
