/// Decides when the current item is over: played forward, when the timeline reaches the item
/// that follows it (a join) or, alone, its own end once all of it has been handed out; played
/// in reverse, when its first picture has been shown.
public enum EndCheck {
    public struct Facts: Sendable {
        /// The timeline now, and where the current item sits on it.
        public var timeline: MediaTime
        public var offset: MediaTime
        public var reverse: Bool
        public var phase: SegmentPhase
        /// Where the next item, already queued behind it, starts on the timeline.
        public var nextOffset: MediaTime?
        /// Both its streams read to their ends, and its end on its own time (the later of its
        /// last picture's and its last sound's).
        public var fullyRead: Bool
        public var end: MediaTime
        /// Pictures read to the end (for reverse, where the end is the start).
        public var videoReadToEnd: Bool
        /// Any picture still in line (of this item, or, in reverse, at all).
        public var videoQueued: Bool
        /// Sound of this item still to hand to the device: in line, in the stretcher's window,
        /// to be played again, or still to be read.
        public var audioOutstanding: Bool

        public init(timeline: MediaTime, offset: MediaTime, reverse: Bool, phase: SegmentPhase, nextOffset: MediaTime?,
                    fullyRead: Bool, end: MediaTime, videoReadToEnd: Bool, videoQueued: Bool, audioOutstanding: Bool) {
            self.timeline = timeline
            self.offset = offset
            self.reverse = reverse
            self.phase = phase
            self.nextOffset = nextOffset
            self.fullyRead = fullyRead
            self.end = end
            self.videoReadToEnd = videoReadToEnd
            self.videoQueued = videoQueued
            self.audioOutstanding = audioOutstanding
        }
    }

    public enum Decision: Sendable, Equatable {
        case none
        /// Played in reverse to its start: pause there.
        case reachedStart
        /// The next item's time has come: it becomes the current one.
        case joinNext
        /// Its end: announce it and do what the player does at an item's end.
        case ended
    }

    public static func decide(_ f: Facts) -> Decision {
        if f.reverse { return f.videoReadToEnd && !f.videoQueued && !f.phase.hasEnded ? .reachedStart : .none }
        // Ended or not: an item that stayed at its end (nothing to do at an item's end) is
        // followed once advancing is asked for after all.
        if let next = f.nextOffset { return f.timeline >= next ? .joinNext : .none }
        // All the sound must have been handed to the device, not just the clock past the end:
        // a starved device lets the clock run on while the last buffers still wait.
        guard !f.phase.hasEnded, f.fullyRead, !f.videoQueued, !f.audioOutstanding, f.timeline >= f.offset + f.end else { return .none }
        return .ended
    }
}
