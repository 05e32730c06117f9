/// Gathers the layers' flips into one atomic commit per refresh. Each layer's present loop asks
/// for its next picture on its own schedule; the card takes one commit with a page-flip event at
/// a time, and a second one before that event is refused (EBUSY). So flips wait, and go out
/// together a little before the next vblank (weston's repaint window): late enough that every
/// layer flipping for that refresh is in, early enough for the driver to take the commit in
/// time. A flip that comes inside the window goes at once; so does every flip until the first
/// event says when vblanks fall. A flip that comes while a commit is in flight waits for its
/// event.
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
    /// How long before a vblank the commit goes: weston's default repaint window.
    public static let windowNanoseconds: Int64 = 7_000_000

    public let refreshNanoseconds: Int64
    /// The last vblank an event reported.
    public private(set) var lastVblank: Int64?
    /// When the waiting flips go out (nothing being in flight).
    public private(set) var dueAt: Int64?

    public init(refreshNanoseconds: Int64) {
        self.refreshNanoseconds = max(1_000_000, refreshNanoseconds)
    }

    /// The latest flip of each layer not yet committed, by layer.
    public private(set) var waiting: [Int: UInt64] = [:]
    /// The commit whose flip has not come yet, and when it went.
    public private(set) var inFlight: (entries: [Entry], since: Int64)?
    /// Commits made, and how many of them carried more than one layer's flip.
    public private(set) var commits = 0
    public private(set) var sharedCommits = 0

    /// Whether commits wait for a capture: the screen a writeback composes must not change
    /// under it (see `hold`).
    public private(set) var holding = false

    /// No commit goes until `release`: a driver that composes in software after the vblank
    /// (vkms) reads the planes' buffers while it composes, and the next commit's event frees
    /// them for the next pictures. A capture holds the commits until it is complete.
    public mutating func hold() { holding = true }

    /// The waiting flips whose time came while held.
    public mutating func release(now: Int64) -> [Entry]? {
        holding = false
        return tick(now: now)
    }

    /// A layer's flip. Returns the commit to make now (every waiting flip, the lowest layer
    /// first), or nil when they wait: for the window, or for the flip in flight. A newer flip of
    /// a layer replaces its waiting one: the older picture would never be seen.
    public mutating func submit(_ entry: Entry, now: Int64) -> [Entry]? { submit([entry], now: now) }

    /// Flips that came together: they go out in one commit, or wait together.
    public mutating func submit(_ entries: [Entry], now: Int64) -> [Entry]? {
        for entry in entries { waiting[entry.layer] = entry.tag }
        guard inFlight == nil, !waiting.isEmpty else { return nil }
        if dueAt == nil { dueAt = commitTime(now: now) }
        return tick(now: now)
    }

    /// The waiting flips, once their time came and nothing is in flight.
    public mutating func tick(now: Int64) -> [Entry]? {
        guard inFlight == nil, !holding, !waiting.isEmpty, let dueAt, now >= dueAt else { return nil }
        return takeWaiting(now: now)
    }

    /// The start of the window before the first vblank to come; `now` when inside it, or
    /// before any event told where vblanks fall.
    func commitTime(now: Int64) -> Int64 {
        guard let lastVblank else { return now }
        let periods = now <= lastVblank ? 1 : (now - lastVblank) / refreshNanoseconds + 1
        let start = lastVblank + periods * refreshNanoseconds - Self.windowNanoseconds
        return max(start, now)
    }

    /// The kernel refused the commit of `entries` (a TEST_ONLY check passed, but the card
    /// changed): nothing is in flight; each layer is told its own flip was refused.
    public mutating func refused(now: Int64) -> [Entry] {
        let entries = inFlight?.entries ?? []
        inFlight = nil
        // What waited behind it goes when its time comes, as if this commit had not been.
        dueAt = waiting.isEmpty ? nil : commitTime(now: now)
        return entries
    }

    /// The flip in flight completed at `vblank`. Returns the flips now on screen, and the
    /// waiting ones when their time has come already.
    public mutating func flipped(vblank: Int64, now: Int64) -> (shown: [Entry], next: [Entry]?) {
        let shown = inFlight?.entries ?? []
        inFlight = nil
        lastVblank = vblank
        guard !waiting.isEmpty else { return (shown, nil) }
        dueAt = commitTime(now: now)
        return (shown, tick(now: now))
    }

    /// The next time the batcher must be asked (`tick` or `expire`), if any.
    public var deadline: Int64? {
        if let inFlight { return inFlight.since + Self.flipTimeoutNanoseconds }
        return waiting.isEmpty || holding ? nil : dueAt
    }

    /// Past the flip timeout: the flip in flight is given up (its layers time out on their own
    /// waits) and whatever waited goes out now.
    public mutating func expire(now: Int64) -> (givenUp: [Entry], next: [Entry]?) {
        guard let inFlight, now >= inFlight.since + Self.flipTimeoutNanoseconds else { return ([], nil) }
        self.inFlight = nil
        guard !waiting.isEmpty else { return (inFlight.entries, nil) }
        dueAt = now
        return (inFlight.entries, tick(now: now))
    }

    private mutating func takeWaiting(now: Int64) -> [Entry] {
        let entries = waiting.keys.sorted().map { Entry(layer: $0, tag: waiting[$0]!) }
        waiting = [:]
        dueAt = nil
        inFlight = (entries, now)
        commits += 1
        if entries.count > 1 { sharedCommits += 1 }
        return entries
    }
}
