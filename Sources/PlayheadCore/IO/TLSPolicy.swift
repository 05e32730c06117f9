/// How HTTPS sources are trusted: each server's certificate is checked against a CA bundle,
/// and a certificate's dates mean something only on a true clock. So where the board keeps a
/// clock line (ClockReport) and it does not say synchronised (the time restored from /data
/// at boot, before NTP), an HTTPS item is held back with a failure the restart policy retries;
/// plain HTTP and local files go on. Without a clock line (a desktop), the system's time is
/// taken as true.
public struct TLSPolicy: Sendable, Hashable {
    public var verify: Bool
    public var caFile: String
    /// Where the board's clock set-up keeps its line; nil: no such set-up.
    public var clockFile: String?

    public static let systemBundle = "/etc/ssl/certs/ca-certificates.crt"
    /// Every server checked against the system's bundle, with no clock line to wait for: the
    /// default of a source opened outside the appliance.
    public static let checked = TLSPolicy(verify: true, caFile: systemBundle, clockFile: nil)
    /// No certificate is checked (FFmpeg's own default): for tests that need none.
    public static let unchecked = TLSPolicy(verify: false, caFile: systemBundle, clockFile: nil)

    public init(verify: Bool, caFile: String, clockFile: String?) {
        self.verify = verify
        self.caFile = caFile
        self.clockFile = clockFile
    }

    /// What the clock says: no file, or its line (nil: there is a file but no such line in it).
    public enum Clock: Sendable, Equatable {
        case noClockFile
        case line(ClockReport?)
    }

    /// Why `location` may not be opened yet; nil: it may.
    public func hold(_ location: MediaLocation, clock: Clock) -> PlaybackError? {
        guard verify, location.scheme == .https, let clockFile, case .line(let report) = clock else { return nil }
        if let report, report.synchronised { return nil }
        let set = report.map { $0.source == "none" ? "not set" : "from \(ControlCharacters.escaped($0.source))" } ?? "unknown (\(ControlCharacters.escaped(clockFile)) has no clock line)"
        return PlaybackError(.connectionFailed, "\(location): waits for a trusted clock before its certificate can be checked "
            + "(the time is \(set), not yet synchronised over the network); it is tried again, or set NTP or TIME_URL in network.txt")
    }
}
