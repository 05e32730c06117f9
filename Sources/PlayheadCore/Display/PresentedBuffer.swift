/// Everything about one committed buffer, from its commit until it leaves the screen: the
/// plane state that shows it (committed again for a screenshot while the screen stands
/// still), and until its flip is handled, the frame's time, tag and capture.
public struct PresentedBuffer<Plane: Sendable>: Sendable {
    public var plane: Plane
    /// Nil once the flip was handled: the buffer is then on screen, kept for its plane.
    public var flip: Flip?

    public struct Flip: Sendable {
        public var due: HostTime
        /// When the engine handed the frame to the display.
        public var arrivedAt: Int64
        public var committedAt: Int64
        public var displayTag: UInt64
        public var pts: MediaTime
        /// The writeback capture that came with the commit, and where it goes.
        public var capture: (ticket: Int32, target: CapturePlan.Target)?
        /// The picture, kept once on screen for a screenshot where there is no writeback.
        public var picture: (any VideoPicture)?
    }
}
