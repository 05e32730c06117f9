import PlayheadCore

/// What the HTTP API reaches of the appliance: the same command router as the console and the
/// socket (no second grammar), the event feed, the screen and the media folder. The appliance
/// gives the live one; tests give a fake.
public protocol RemoteControl: Sendable {
    /// A console line answered as the socket answers it (one JSON reply).
    func command(_ line: String) -> String
    /// The status reply's JSON value (`{"state":...}`), without the reply's wrapper.
    func statusJSON() -> String
    /// A feed of events as JSON lines until `stop` is called.
    func followEvents(_ deliver: @escaping @Sendable (String) -> Void) -> EventFollowing
    /// A PNG of what is on screen, or why there is none.
    func screenshot() async -> Result<[UInt8], CommandError>
    /// Counters and gauges for /metrics.
    func metrics() -> RemoteMetrics
    /// The newest log lines, oldest first.
    func logTail(_ limit: Int) -> [String]
    /// Where uploads go (nil: uploads are off), and the folder's playlist follows it.
    var mediaFolder: String? { get }
}

/// A live event feed; `stop` ends it (the client went away).
public struct EventFollowing: Sendable {
    public let stop: @Sendable () -> Void
    public init(stop: @escaping @Sendable () -> Void) { self.stop = stop }
}

/// One scrape's values: counters only grow; gauges are as they are now.
public struct RemoteMetrics: Sendable {
    public struct Value: Sendable {
        /// Without the `playhead_` prefix or the unit: `frames_presented`.
        public var name: String
        /// The name's last part: `total` for counts, `seconds`, `bytes`, `celsius`, `ratio`.
        public var unit: String
        public var help: String
        public var labels: [(String, String)]
        public var value: Double
        public init(_ name: String, unit: String, _ value: Double, help: String, labels: [(String, String)] = []) {
            self.name = name
            self.unit = unit
            self.help = help
            self.labels = labels
            self.value = value
        }
    }
    public var counters: [Value] = []
    public var gauges: [Value] = []
    public init(counters: [Value] = [], gauges: [Value] = []) {
        self.counters = counters
        self.gauges = gauges
    }
}
