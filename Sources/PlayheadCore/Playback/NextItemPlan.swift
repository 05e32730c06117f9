/// Decides, once a pass, how the item after the current one is made ready to follow it without a
/// gap: opened while the current one plays, decoded ahead from the current one's last stretch,
/// and queued behind it on the timeline once the current one has been read to its end. An item
/// that follows itself (looped alone) is read again by the same source instead, once read to
/// its end. What the queue no longer has next is dropped.
public enum NextItemPlan {
    /// What follows the current item in the queue.
    public enum Follower: Sendable, Equatable {
        case none
        /// The same item again, from a source that can seek back to its start.
        case itself
        /// Another item (or the same one from a source that cannot seek: opened again).
        case another
    }

    public struct Facts: Sendable {
        public var follower: Follower
        /// A pass is queued behind the current one; it is the follower's.
        public var queuedBehind: Bool
        public var queuedBehindIsNext: Bool
        /// An item decodes ahead (not yet queued); it is the follower.
        public var decodingAhead: Bool
        public var decodingAheadIsNext: Bool
        /// Played forward, advancing at an item's end, no seek waiting to land.
        public var mayFollow: Bool
        /// The current item has been read to its end, both streams.
        public var fullyRead: Bool
        /// The clock on the current item's own time, and its duration (not numeric: unknown).
        public var itemTime: MediaTime
        public var duration: MediaTime
        /// The follower's source is open and waits to be used.
        public var nextOpened: Bool

        public init(follower: Follower, queuedBehind: Bool, queuedBehindIsNext: Bool, decodingAhead: Bool,
                    decodingAheadIsNext: Bool, mayFollow: Bool, fullyRead: Bool, itemTime: MediaTime, duration: MediaTime,
                    nextOpened: Bool) {
            self.follower = follower
            self.queuedBehind = queuedBehind
            self.queuedBehindIsNext = queuedBehindIsNext
            self.decodingAhead = decodingAhead
            self.decodingAheadIsNext = decodingAheadIsNext
            self.mayFollow = mayFollow
            self.fullyRead = fullyRead
            self.itemTime = itemTime
            self.duration = duration
            self.nextOpened = nextOpened
        }
    }

    public enum Action: Sendable, Equatable {
        /// The queue was edited (an item put or taken right after this one): what was queued
        /// behind, and what decodes ahead, no longer follow. Sources opened stay.
        case dropQueuedBehind
        case dropDecodingAhead
        /// Read the current item again from its start, queued behind this pass.
        case readAgain
        /// Open the follower, when it is not open or opening yet.
        case open
        /// Start decoding the follower's opened source ahead.
        case decodeAhead
        /// Queue what decodes ahead behind the current item, at its end on the timeline.
        case queueBehind
    }

    /// How long before the current item's end the follower starts decoding: 1.5 s, or half of
    /// a shorter item. Read to its end happens only a few buffers before the end (the queues
    /// are short), too late, on a small board, for the follower's first pictures and sound.
    public static func decodesAhead(itemTime: MediaTime, duration: MediaTime) -> Bool {
        guard duration.isNumeric, duration > .zero else { return false }
        // In microseconds: half of a duration in whole seconds would round up to all of it.
        let half = duration.converted(to: 1_000_000).multiplied(by: 1, over: 2)
        let lead = MediaTime.minimum(MediaTime(value: 3, timescale: 2), half)
        return itemTime >= duration - lead
    }

    public static func decide(_ f: Facts) -> [Action] {
        var actions: [Action] = []
        var queuedBehind = f.queuedBehind, decodingAhead = f.decodingAhead
        if queuedBehind && !f.queuedBehindIsNext {
            // Dropping what was queued drops what decodes ahead with it.
            actions.append(.dropQueuedBehind)
            queuedBehind = false
            decodingAhead = false
        }
        if decodingAhead && !f.decodingAheadIsNext {
            actions.append(.dropDecodingAhead)
            decodingAhead = false
        }
        guard !queuedBehind, f.mayFollow, f.follower != .none else { return actions }
        if f.follower == .itself {
            if f.fullyRead { actions.append(.readAgain) }
            return actions
        }
        if !decodingAhead { actions.append(.open) }
        if !decodingAhead, f.nextOpened, f.fullyRead || decodesAhead(itemTime: f.itemTime, duration: f.duration) {
            actions.append(.decodeAhead)
            decodingAhead = true
        }
        if f.fullyRead && decodingAhead { actions.append(.queueBehind) }
        return actions
    }
}
