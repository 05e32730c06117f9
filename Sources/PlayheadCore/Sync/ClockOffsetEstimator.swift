/// The leader's clock against this member's, from ping and pong (NTP's four timestamps): the
/// offset is ((t2 - t1) + (t3 - t4)) / 2 and is off by at most half the round trip's delay, so
/// of the recent exchanges the one with the least delay is believed. Only recent ones: two
/// boards' clocks run at rates up to a few hundred ppm apart, so an old offset goes stale.
public struct ClockOffsetEstimator: Sendable {
    public struct Estimate: Sendable, Equatable {
        /// Leader's clock minus this member's, in nanoseconds.
        public var offset: Int64
        /// At most this far off (half the chosen exchange's round trip).
        public var uncertainty: Int64
    }

    struct Sample: Sendable {
        var offset: Int64
        var delay: Int64
        var at: Int64
    }

    public static let window = 8
    /// Samples older than this are dropped even when fewer than `window` came since.
    public static let maxAge: Int64 = 10_000_000_000
    private var samples: [Sample] = []

    public init() {}

    /// t1: ping sent (mine), t2: came (leader's), t3: pong sent (leader's), t4: pong came (mine).
    /// Impossible exchanges (negative delay, an answer before its question) are ignored.
    public mutating func add(t1: Int64, t2: Int64, t3: Int64, t4: Int64) {
        let (here, lost1) = t4.subtractingReportingOverflow(t1)
        let (there, lost2) = t3.subtractingReportingOverflow(t2)
        guard !lost1, !lost2, here >= 0, there >= 0, there <= here, here < 5_000_000_000 else { return }
        let offset = Int64(clamping: ((Int128(t2) - Int128(t1)) + (Int128(t3) - Int128(t4))) / 2)
        samples.append(Sample(offset: offset, delay: here - there, at: t4))
        if samples.count > Self.window { samples.removeFirst(samples.count - Self.window) }
    }

    public func estimate(now: Int64) -> Estimate? {
        let best = samples.filter { now - $0.at < Self.maxAge }.min { $0.delay < $1.delay }
        return best.map { Estimate(offset: $0.offset, uncertainty: ($0.delay + 1) / 2) }
    }

    /// A new leader's clock is another clock.
    public mutating func reset() { samples.removeAll() }
}
