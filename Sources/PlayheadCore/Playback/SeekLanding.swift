/// Where a seek lands in what the sought item has decoded since: the pictures before the first
/// acceptable one are thrown away; without pictures, it lands on its target once sound (or the
/// end) is there. Not yet: nothing acceptable has come, and more may.
public struct SeekLanding: Sendable, Equatable {
    /// Pictures to throw away from the front of the line.
    public var dropping: Int
    /// The time the player reports, once landed (nil: not yet).
    public var time: MediaTime?

    public init(dropping: Int, time: MediaTime?) {
        self.dropping = dropping
        self.time = time
    }

    /// `pictures`: the sought item's decoded pictures in line, as (pts, end), in the order
    /// they came (descending when played in reverse). `videoReadToEnd`: no more will come.
    /// For an item without pictures, `soundReady`: sound came, or its end did.
    public static func find(_ request: SeekRequest, hasVideo: Bool, pictures: [(pts: MediaTime, end: MediaTime)],
                            videoReadToEnd: Bool, soundReady: Bool, reverse: Bool) -> SeekLanding {
        guard hasVideo else { return SeekLanding(dropping: 0, time: soundReady ? request.target : nil) }
        for (index, p) in pictures.enumerated() {
            // In reverse, the first picture at or before the target: the source hands them backwards.
            if reverse ? p.pts <= request.target : request.accepts(framePTS: p.pts, end: p.end) {
                return SeekLanding(dropping: index, time: reverse ? p.pts : request.landingTime(framePTS: p.pts))
            }
        }
        // None acceptable, and no more to come: it lands where it was asked to.
        return SeekLanding(dropping: pictures.count, time: videoReadToEnd ? request.target : nil)
    }
}
