/// A follower's decisions: how far it is from the leader's timeline and what closes the gap.
/// Stepped about ten times a second with the leader's latest timeline, the group clock's
/// offset and where this member's own player is; returns at most one correction.
///
/// An error up to `jumpBeyond` is closed by playing a little faster or slower (at most 1%, the
/// sound time-stretched, so nothing jumps and the pitch stays); beyond, and for another item, by
/// a jump that lands `joinLead` ahead so the seek is done before the instant it aims at. Item
/// boundaries are allowed `boundaryGrace`: the two players change items within a frame of each
/// other, and a look taken in between sees two entries.
///
/// A jump lands off by what the player's start costs (the sound device's latency: the clock
/// follows the samples heard, which come that much after they are written); the first look
/// after a jump learns it, and a jump that missed by more than `rejumpBeyond` is made again,
/// aimed that much earlier, instead of being nudged for seconds.
public struct SyncFollower: Sendable {
    /// This member's player, looked at now.
    public struct Local: Sendable, Equatable {
        public var entry: Int?
        public var name: String?
        /// Its item time at `host`, when it plays (nil while it opens, seeks or waits).
        public var itemTime: Int64?
        public var host: Int64
        public var rate: PlaybackRate
        /// The current item's length (0: not known).
        public var duration: Int64

        public init(entry: Int?, name: String?, itemTime: Int64?, host: Int64, rate: PlaybackRate, duration: Int64 = 0) {
            self.duration = duration
            self.entry = entry
            self.name = name
            self.itemTime = itemTime
            self.host = host
            self.rate = rate
        }
    }

    public static let jumpBeyond: Int64 = 100_000_000
    public static let rejumpBeyond: Int64 = 25_000_000
    /// Jumps made again in a row at most (a start whose cost varies is nudged after that).
    public static let maxRejumps = 2
    public static let joinLead: Int64 = 1_000_000_000
    /// After a jump, its effect is awaited this long past its instant before judging again.
    public static let settle: Int64 = 700_000_000
    public static let boundaryGrace: Int64 = 1_000_000_000
    /// A jump is not aimed closer than this to the end of the leader's entry: the leader will
    /// be in its next entry by then, and the follower joins it there.
    public static let endMargin: Int64 = 300_000_000
    /// Errors under this are left alone; a nudge goes on until under `doneWithin`.
    public static let deadBand: Int64 = 4_000_000
    public static let doneWithin: Int64 = 1_000_000
    /// Thousandths of the rate a nudge may add or take.
    public static let maxNudge: Int64 = 10
    /// A nudge closes its error in about this long (until capped by maxNudge).
    public static let nudgeSpan: Int64 = 1_000_000_000
    /// A leader's timeline older than this is not acted on (it may have moved on unseen).
    public static let staleAfter: Int64 = 1_000_000_000
    static let lookAgain: Int64 = 200_000_000

    /// This member's item time minus the leader's, at the last look (nanoseconds; positive: ahead).
    public private(set) var offset: Int64?
    public private(set) var jumps = 0
    public private(set) var nudges = 0
    private var waitUntil: Int64 = .min
    private var mismatchSince: Int64?
    private var nudging = false
    private var saidMissing: Int?
    /// What jumps have been found to land off by (positive: ahead), learned jump by jump.
    public private(set) var jumpBias: Int64 = 0
    private var judgeJump = false
    private var biasLearnt = false
    private var rejumps = 0
    /// A jump is owed and waits for the leader's next entry (it would have landed past this
    /// one's end): the leader seen in another entry is then no item boundary to give grace to.
    private var owesJump = false

    public init() {}

    /// `timeline` came at `heardAt`; `toLocal` turns a group time into this member's monotonic
    /// time (nil: no clock yet, so nothing can be judged).
    public mutating func step(_ timeline: SyncTimeline, heardAt: Int64, toLocal: Int64?, local: Local, entries: [String],
                              now: Int64) -> SyncCorrection? {
        guard let toLocal, now - heardAt < Self.staleAfter, now >= waitUntil else { return nil }
        let leaderAt = { (host: Int64) in timeline.itemTime(atGroupTime: host &- toLocal) }
        guard timeline.entry < entries.count, Self.sameName(entries[timeline.entry], timeline.name) else {
            offset = nil
            guard saidMissing != timeline.entry else { return nil }
            saidMissing = timeline.entry
            return .missing(entry: timeline.entry, name: timeline.name)
        }
        saidMissing = nil
        if timeline.rate.isPaused {
            offset = local.itemTime.map { $0 - timeline.itemTime }
            let there = local.entry == timeline.entry && local.rate.isPaused && abs(offset ?? .max) < Self.deadBand
            guard !there else { return nil }
            waitUntil = now + Self.settle
            return .pause(entry: timeline.entry, itemTime: timeline.itemTime)
        }
        guard local.entry == timeline.entry else {
            offset = nil
            let since = mismatchSince ?? now
            mismatchSince = since
            guard owesJump || now - since >= Self.boundaryGrace || local.entry == nil else { return nil }
            return jump(timeline, leaderAt, now)
        }
        mismatchSince = nil
        guard let mine = local.itemTime else { return nil }
        let error = mine - leaderAt(local.host)
        offset = error
        if abs(error) <= Self.jumpBeyond { owesJump = false }
        if judgeJump {
            if !biasLearnt {
                biasLearnt = true
                jumpBias = max(-500_000_000, min(500_000_000, jumpBias + error))
            }
            if abs(error) > Self.rejumpBeyond, rejumps < Self.maxRejumps {
                // Nil when the leader's entry ends too soon: the next look, in its next entry,
                // makes the jump again (what was learnt is kept).
                guard let again = jump(timeline, leaderAt, now) else { return nil }
                rejumps += 1
                return again
            }
            judgeJump = false
            rejumps = 0
        }
        if abs(error) > Self.jumpBeyond || local.rate.isPaused { return jump(timeline, leaderAt, now) }
        if abs(error) < (nudging ? Self.doneWithin : Self.deadBand) {
            nudging = false
            return local.rate == timeline.rate ? nil : .rate(timeline.rate)
        }
        nudging = true
        // Ahead: slower; behind: faster, in proportion, capped, in thousandths.
        let thousandths = max(-Self.maxNudge, min(Self.maxNudge, -error * 1000 / Self.nudgeSpan))
        let step = thousandths == 0 ? (error > 0 ? -1 : 1) : thousandths
        let nudged = PlaybackRate(numerator: timeline.rate.numerator * (1000 + step), denominator: timeline.rate.denominator * 1000)
        guard nudged != local.rate else { return nil }
        nudges += 1
        return .rate(nudged)
    }

    private mutating func jump(_ timeline: SyncTimeline, _ leaderAt: (Int64) -> Int64, _ now: Int64) -> SyncCorrection? {
        let at = now + Self.joinLead
        if timeline.duration > 0, leaderAt(at) - jumpBias > timeline.duration - Self.endMargin {
            // Past the leader's entry by then: wait for its next one rather than seek past an end.
            waitUntil = now + Self.lookAgain
            owesJump = true
            return nil
        }
        owesJump = false
        jumps += 1
        nudging = false
        mismatchSince = nil
        waitUntil = at + Self.settle
        judgeJump = true
        biasLearnt = false
        return .jump(entry: timeline.entry, itemTime: leaderAt(at) - jumpBias, atHost: at, rate: timeline.rate)
    }

    /// Playlists name the same file in different folders (a content generation's, a stick's):
    /// the last path component is what must agree.
    static func sameName(_ location: String, _ name: String) -> Bool {
        location == name || location.split(separator: "/").last.map(String.init) == name
    }
}
