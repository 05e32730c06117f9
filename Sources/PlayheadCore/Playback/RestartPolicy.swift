/// What to do when an item fails: try it again after a back-off, or go on with the queue.
///
/// An item is tried again up to `attempts` times in a row, each time after a delay that doubles
/// from `firstDelay` to `maxDelay`, spread by a little jitter so that a fleet of boards does not
/// hammer a server that came back all at the same moment. Then the queue moves on, and the item
/// gets its next turn. When every item of the queue has failed since anything last played, the
/// queue waits (with the same back-off) before it goes round again rather than spinning.
/// Pure: the caller says what failed and what played; the jitter comes from a seeded generator.
public struct RestartPolicy: Sendable {
    public struct Settings: Sendable, Hashable {
        /// Tries in a row before moving on; 0 never tries again (AVFoundation's behaviour).
        public var attempts: Int
        public var firstDelay: Int64
        public var maxDelay: Int64
        /// The delay is spread by up to this fraction, either way.
        public var jitter: Double

        public init(attempts: Int, firstDelayMs: Int = 1000, maxDelayMs: Int = 30_000, jitter: Double = 0.2) {
            self.attempts = max(0, attempts)
            firstDelay = Int64(firstDelayMs) * 1_000_000
            maxDelay = Int64(max(firstDelayMs, maxDelayMs)) * 1_000_000
            self.jitter = min(max(jitter, 0), 0.9)
        }

        public static let never = Settings(attempts: 0)
    }

    public enum Decision: Sendable, Hashable {
        /// Open the same item again after `delay` nanoseconds; `attempt` counts from 1.
        case retry(delay: Int64, attempt: Int)
        /// Go on to the next item, after `delay` (0 unless the whole queue keeps failing).
        case moveOn(delay: Int64)
    }

    public let settings: Settings
    private var item: String?
    private var inRow = 0
    /// Items that failed since something last played, and how many failures that was.
    private var failedSinceProgress: Set<String> = []
    private var failuresSinceProgress = 0
    private var random: SplitMix64

    public init(_ settings: Settings, seed: UInt64 = 0x5eed) {
        self.settings = settings
        random = SplitMix64(seed: seed)
    }

    /// The restarts of the current run of failures, for `status`.
    public var attemptsInRow: Int { inRow }

    /// `key` failed (to open, or while playing); `queueCount` is how many items the queue holds.
    public mutating func failed(_ key: String, queueCount: Int) -> Decision {
        if item != key {
            item = key
            inRow = 0
        }
        failedSinceProgress.insert(key)
        failuresSinceProgress += 1
        if inRow < settings.attempts {
            inRow += 1
            return .retry(delay: delay(for: inRow), attempt: inRow)
        }
        item = nil
        inRow = 0
        guard settings.attempts > 0, failedSinceProgress.count >= max(1, queueCount) else { return .moveOn(delay: 0) }
        // Every item failed: each round of the queue waits longer, up to the cap.
        let rounds = max(1, failuresSinceProgress / ((settings.attempts + 1) * max(1, queueCount)))
        return .moveOn(delay: delay(for: rounds))
    }

    /// `key` played (long enough to count, or to its end): its run of failures is over.
    public mutating func progressed(_ key: String) {
        if item == key {
            item = nil
            inRow = 0
        }
        failedSinceProgress = []
        failuresSinceProgress = 0
    }

    private mutating func delay(for attempt: Int) -> Int64 {
        var d = settings.firstDelay
        for _ in 1..<max(1, attempt) where d < settings.maxDelay { d *= 2 }
        d = min(d, settings.maxDelay)
        let spread = (random.nextUnit() * 2 - 1) * settings.jitter
        return max(0, Int64(Double(d) * (1 + spread)))
    }
}
