/// When the status goes out: only when its JSON changed, and at most once per `interval`
/// (250 ms: four a second), so a playing item's advancing position does not flood the broker
/// while a pause still shows within a quarter second. Times are passed in.
public struct StatusThrottle: Sendable, Equatable {
    public let interval: Int64
    private var lastSent: String?
    private var lastAt: Int64?

    public init(interval: Int64 = 250_000_000) { self.interval = interval }

    /// The status to publish now, or nil: unchanged, or too soon after the last one (then it
    /// is offered again at the next check).
    public mutating func offer(_ json: String, now: Int64) -> String? {
        guard json != lastSent else { return nil }
        if let at = lastAt, now - at < interval { return nil }
        lastSent = json
        lastAt = now
        return json
    }

    /// When the next change may go out.
    public var nextAllowed: Int64 { (lastAt ?? Int64.min / 2) + interval }

    /// A new connection: the broker may have lost the retained status (restarted without
    /// persistence), so the next one goes out even if unchanged.
    public mutating func forget() {
        lastSent = nil
        lastAt = nil
    }
}
