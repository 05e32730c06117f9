/// Decides, at the end of a pass of the engine's loop, when the loop runs again: at its earliest
/// deadline still ahead, and whether it first waits to be woken by a source or the display.
public enum PassWake {
    /// How soon the loop looks again when no deadline lies ahead while playing: a past deadline
    /// is work that could not be done yet (a full device), and looking at once would spin.
    public static let retryNanoseconds: Int64 = 5_000_000

    /// What the pass saw.
    public struct Facts: Sendable {
        public var now: HostTime
        /// When something falls due: the next picture, an observer, the device half empty,
        /// the item's end, a stall's limit, a busy device asked again.
        public var deadlines: [HostTime]
        /// The source had no picture this pass; none waits in line.
        public var videoPending: Bool
        public var videoLineEmpty: Bool
        /// The source had no sound this pass; the device has played all it was given; sound
        /// is heard at this rate.
        public var audioPending: Bool
        public var deviceEmpty: Bool
        public var soundPlays: Bool
        /// The clock waits for its first picture and sound.
        public var starting: Bool
        /// An item is being opened (to follow, or to start).
        public var opening: Bool
        public var virtualClock: Bool
        public var paused: Bool

        public init(now: HostTime, deadlines: [HostTime], videoPending: Bool, videoLineEmpty: Bool, audioPending: Bool,
                    deviceEmpty: Bool, soundPlays: Bool, starting: Bool, opening: Bool, virtualClock: Bool, paused: Bool) {
            self.now = now
            self.deadlines = deadlines
            self.videoPending = videoPending
            self.videoLineEmpty = videoLineEmpty
            self.audioPending = audioPending
            self.deviceEmpty = deviceEmpty
            self.soundPlays = soundPlays
            self.starting = starting
            self.opening = opening
            self.virtualClock = virtualClock
            self.paused = paused
        }
    }

    public struct Decision: Sendable, Equatable {
        /// When to run again at the latest (nil: only when woken).
        public var next: HostTime?
        /// Run again as soon as a source or the display has something, before `next` if need be.
        public var awaitsWake: Bool

        public init(next: HostTime?, awaitsWake: Bool) {
            self.next = next
            self.awaitsWake = awaitsWake
        }
    }

    public static func decide(_ f: Facts) -> Decision {
        // On a virtual clock, time may only move once everything decoded so far is in hand;
        // otherwise frames still in the decoder would be late through no fault of theirs. An
        // item being opened counts as decoding: the next item must be able to join in time.
        let virtualMustWait = f.virtualClock && (f.videoPending || (f.audioPending && f.soundPlays) || f.opening)
        let starved = (f.videoPending && f.videoLineEmpty) || (f.audioPending && f.deviceEmpty && f.soundPlays)
        let awaits = starved || f.starting || virtualMustWait
        if let next = f.deadlines.filter({ $0 > f.now }).min() { return Decision(next: next, awaitsWake: awaits) }
        // Nothing due while paused: a virtual clock stays where it is (idle time is not media time).
        let next: HostTime? = f.virtualClock && f.paused ? nil : f.now + retryNanoseconds
        return Decision(next: next, awaitsWake: awaits)
    }

    /// When a device now holding `bufferedFrames` is down to half its capacity, so that it is
    /// written again before it runs dry (at once when it already is).
    public static func refillDeadline(now: HostTime, bufferedFrames: Int64, capacityFrames: Int, sampleRate: Int) -> HostTime {
        let spare = bufferedFrames - Int64(capacityFrames / 2)
        return now + max(spare, 1) * 1_000_000_000 / Int64(sampleRate)
    }
}
