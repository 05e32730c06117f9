/// What the board's clock set-up says of the system time, from the one line it keeps in
/// /run/playhead/clock (`synchronised=yes since=EPOCH source=ntp:HOST`): whether the time is
/// trusted, since when, and where it came from (ntp, https-date, saved, none).
public struct ClockReport: Sendable, Equatable {
    public var synchronised: Bool
    public var sinceEpochSeconds: Int64
    public var source: String

    public init(synchronised: Bool, sinceEpochSeconds: Int64, source: String) {
        self.synchronised = synchronised
        self.sinceEpochSeconds = sinceEpochSeconds
        self.source = source
    }

    /// Nil when the text is not such a line (a board without the set-up, a damaged file).
    public static func parse(_ text: String) -> ClockReport? {
        var fields: [Substring: Substring] = [:]
        guard let line = text.split(separator: "\n").first else { return nil }
        for part in line.split(separator: " ") {
            guard let eq = part.firstIndex(of: "=") else { return nil }
            fields[part[..<eq]] = part[part.index(after: eq)...]
        }
        guard let sync = fields["synchronised"], sync == "yes" || sync == "no",
              let since = fields["since"].flatMap({ Int64($0) }), since >= 0,
              let source = fields["source"], !source.isEmpty, source.utf8.count <= 200 else { return nil }
        return ClockReport(synchronised: sync == "yes", sinceEpochSeconds: since, source: String(source))
    }

    /// The status reply's `clock` value; with no report, the time is not known to be true.
    public static func reply(_ report: ClockReport?, file: String = "/run/playhead/clock") -> ReplyValue {
        guard let report else {
            return .object([.init("synchronised", .bool(false)), .init("source", .string("unknown (no clock line in \(ControlCharacters.escaped(file)))"))])
        }
        return .object([
            .init("synchronised", .bool(report.synchronised)),
            .init("since", .string(report.sinceEpochSeconds > 0 ? UTCTime.iso8601(epochSeconds: report.sinceEpochSeconds) : "-")),
            .init("source", .string(ControlCharacters.escaped(report.source))),
        ])
    }
}
