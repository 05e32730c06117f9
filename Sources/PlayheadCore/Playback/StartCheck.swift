/// Decides when a started or sought item's clock starts: once it has something to show and
/// to play, and, on a display that confirms its flips, once the first picture is really up
/// (its first conversion and flip take a while, and starting before would have the sound run
/// ahead of the picture), but never later than `displayWaitLimit` (a display that never
/// confirms, unplugged, must not hold the sound back).
public enum StartCheck {
    public static let displayWaitLimitNanoseconds: Int64 = 1_000_000_000

    public struct Facts: Sendable {
        /// A first picture waits in line, or none will come (no pictures, read to the end).
        public var videoReady: Bool
        /// Sound waits, or none will come, or none is played at this rate.
        public var audioReady: Bool
        /// The display confirms flips and the first picture (or a tagged one) is not confirmed yet.
        public var awaitsDisplay: Bool

        public init(videoReady: Bool, audioReady: Bool, awaitsDisplay: Bool) {
            self.videoReady = videoReady
            self.audioReady = audioReady
            self.awaitsDisplay = awaitsDisplay
        }
    }

    public enum Decision: Sendable, Equatable {
        /// Not yet; `firstPictureSince`: since when it waits for the display, to keep.
        case wait(firstPictureSince: HostTime?)
        /// Start the clock.
        case start
    }

    public static func decide(_ facts: Facts, firstPictureSince: HostTime?, now: HostTime) -> Decision {
        guard facts.videoReady && facts.audioReady else { return .wait(firstPictureSince: firstPictureSince) }
        guard facts.awaitsDisplay else { return .start }
        let since = firstPictureSince ?? now
        return now - since < displayWaitLimitNanoseconds ? .wait(firstPictureSince: since) : .start
    }
}
