/// Decides, once a pass while an item plays, whether playback has run dry (the network, a slow
/// disk), whether it may go on, and when a stall has lasted past its limit. The engine gathers
/// the facts; this decides, so the rules are stepped by tests without a player.
public struct StallCheck: Sendable {
    /// How far the clock may run past the last picture before missing pictures count as dry.
    public static let pictureGrace = MediaTime(value: 200, timescale: 1000)

    /// What the engine sees of the current item in this pass.
    public struct Facts: Sendable {
        /// The clock, on the item's own time.
        public var itemTime: MediaTime
        public var hasVideo: Bool
        /// Pictures may still come from the source; it had none this pass; none waits in line.
        public var videoToRead: Bool
        public var videoPending: Bool
        public var videoQueued: Bool
        /// Where the last picture shown ends, on the item's own time.
        public var lastPictureEnd: MediaTime?
        /// The source has read beyond the clock (or to the end): missing pictures are the
        /// decoder's delay, not the source's.
        public var readBeyondClock: Bool
        /// Sound may still come from the source; some waits to be written.
        public var audioToRead: Bool
        public var audioQueued: Bool
        /// Sound decoded but held in the stretcher's window past the clock.
        public var soundHeldAhead: Bool
        /// The device has played all it was given.
        public var deviceStarved: Bool
        /// Sound is heard at this rate (not muted by it).
        public var audioPlays: Bool

        public init(itemTime: MediaTime, hasVideo: Bool, videoToRead: Bool, videoPending: Bool, videoQueued: Bool,
                    lastPictureEnd: MediaTime?, readBeyondClock: Bool, audioToRead: Bool, audioQueued: Bool,
                    soundHeldAhead: Bool, deviceStarved: Bool, audioPlays: Bool) {
            self.itemTime = itemTime
            self.hasVideo = hasVideo
            self.videoToRead = videoToRead
            self.videoPending = videoPending
            self.videoQueued = videoQueued
            self.lastPictureEnd = lastPictureEnd
            self.readBeyondClock = readBeyondClock
            self.audioToRead = audioToRead
            self.audioQueued = audioQueued
            self.soundHeldAhead = soundHeldAhead
            self.deviceStarved = deviceStarved
            self.audioPlays = audioPlays
        }
    }

    public enum Decision: Sendable, Equatable {
        case none
        /// Stop the clock and say so.
        case stall
        /// Data is back: start the clock again.
        case resume
        /// Dry for longer than the limit (`seconds`, rounded): fail the item.
        case fail(seconds: Int)
    }

    /// `phase` while playing at a non-zero rate (the engine does not ask while starting).
    /// `limitNanoseconds`: the stall limit (nil: none).
    public static func decide(_ phase: PlaybackPhase, _ facts: Facts, now: HostTime, limitNanoseconds: Int64?) -> Decision {
        switch phase {
        case .starting:
            return .none
        case .stalled(let since):
            let videoBack = !facts.videoToRead || facts.videoQueued
            let audioBack = !facts.audioToRead || facts.audioQueued
            if videoBack && audioBack { return .resume }
            if let since, let limit = limitNanoseconds, now.nanoseconds - since.nanoseconds >= limit {
                return .fail(seconds: Int((Double(limit) / 1e9).rounded()))
            }
            return .none
        case .running:
            // Pictures missing while the item has been read past this point: the decoder is
            // behind (a board that cannot keep up), not the source; frames are dropped to catch
            // up, and the clock goes on (as a stall, it paused over and over, then failed the item).
            let videoDry = facts.hasVideo && facts.videoPending && !facts.videoQueued
                && facts.lastPictureEnd.map { facts.itemTime > $0 + pictureGrace } == true && !facts.readBeyondClock
            let audioDry = facts.audioToRead && !facts.audioQueued && !facts.soundHeldAhead && facts.deviceStarved && facts.audioPlays
            return videoDry || (audioDry && (!facts.hasVideo || !facts.videoQueued)) ? .stall : .none
        }
    }
}
