/// Gathers the layers' flips into one atomic commit per refresh. Each layer's present loop asks
/// for its next picture on its own schedule; the card takes one commit with a page-flip event at
/// a time, and a second one before that event is refused (EBUSY). So a layer's flip goes out at
/// once when nothing is in flight, and otherwise waits for the flip in flight to complete, to go
/// out then with every other layer's waiting flip in one commit: the picture of each layer
/// changes on the refresh its commit lands on, and every layer's event says which refresh that was.
///
/// A value stepped by the display controller (or a test) with what the card said; it never
/// touches the device.
public struct CommitBatcher: Sendable {
    /// One layer's flip: `tag` is what its present loop gets back with the flip (its buffer).
    public struct Entry: Sendable, Hashable {
        public let layer: Int
        public let tag: UInt64
        public init(layer: Int, tag: UInt64) {
            self.layer = layer
            self.tag = tag
        }
    }

    /// How long a commit's flip is waited for before it is given up: a stopped CRTC (the display
    /// unplugged) sends no event, and the layers' flips must not wait for it forever.
    public static let flipTimeoutNanoseconds: Int64 = 250_000_000

    /// The latest flip of each layer not yet committed, by layer.
    public private(set) var waiting: [Int: UInt64] = [:]
    /// The commit whose flip has not come yet, and when it went.
    public private(set) var inFlight: (entries: [Entry], since: Int64)?
    /// Commits made, and how many of them carried more than one layer's flip.
    public private(set) var commits = 0
    public private(set) var sharedCommits = 0

    public init() {}

    /// A layer's flip. Returns the commit to make now (every waiting flip, the lowest layer
    /// first) when none is in flight; nil when it waits for the flip in flight. A newer flip of
    /// a layer replaces its waiting one: the older picture would never be seen.
    public mutating func submit(_ entry: Entry, now: Int64) -> [Entry]? { submit([entry], now: now) }

    /// Flips that came together: they go out in one commit, or wait together.
    public mutating func submit(_ entries: [Entry], now: Int64) -> [Entry]? {
        for entry in entries { waiting[entry.layer] = entry.tag }
        return inFlight == nil && !waiting.isEmpty ? takeWaiting(now: now) : nil
    }

    /// The kernel refused the commit of `entries` (a TEST_ONLY check passed, but the card
    /// changed): nothing is in flight; each layer is told its own flip was refused.
    public mutating func refused() -> [Entry] {
        let entries = inFlight?.entries ?? []
        inFlight = nil
        return entries
    }

    /// The flip in flight completed. Returns the flips that are now on screen, and the next
    /// commit to make at once (the flips that waited), if any.
    public mutating func flipped(now: Int64) -> (shown: [Entry], next: [Entry]?) {
        let shown = inFlight?.entries ?? []
        inFlight = nil
        return (shown, waiting.isEmpty ? nil : takeWaiting(now: now))
    }

    /// When the flip in flight is given up if no event came (see `flipTimeoutNanoseconds`).
    public var deadline: Int64? { inFlight.map { $0.since + Self.flipTimeoutNanoseconds } }

    /// Past the deadline: the flip in flight is given up (its layers time out on their own
    /// waits) and whatever waited goes out now.
    public mutating func expire(now: Int64) -> (givenUp: [Entry], next: [Entry]?) {
        guard let deadline, now >= deadline else { return ([], nil) }
        let givenUp = inFlight?.entries ?? []
        inFlight = nil
        return (givenUp, waiting.isEmpty ? nil : takeWaiting(now: now))
    }

    private mutating func takeWaiting(now: Int64) -> [Entry] {
        let entries = waiting.keys.sorted().map { Entry(layer: $0, tag: waiting[$0]!) }
        waiting = [:]
        inFlight = (entries, now)
        commits += 1
        if entries.count > 1 { sharedCommits += 1 }
        return entries
    }
}
