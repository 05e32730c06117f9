/// One part of a day: from a local time on, a playlist, the default one, or the screen off.
public struct SchedulePart: Sendable, Hashable {
    public enum Target: Sendable, Hashable, CustomStringConvertible {
        /// The options' own playlist (`playlist =` or the command line's items).
        case defaultPlaylist
        case playlist(String)
        case off

        public var description: String {
            switch self {
            case .defaultPlaylist: return "default"
            case .playlist(let p): return p
            case .off: return "off"
            }
        }
    }

    /// Seconds after local midnight.
    public let start: Int
    public let target: Target

    public init(start: Int, target: Target) {
        self.start = start
        self.target = target
    }

    public static let usage = "HH:MM TARGET, ... (TARGET: a playlist or folder, default, or off)"

    /// `08:00 /data/morning.m3u, 12:00 default, 20:00 off`; `off` alone is off all day. The
    /// times in order, each once.
    public static func parseDay(_ text: String) -> Result<[SchedulePart], SpecError> {
        let trimmed = text.split(separator: " ").joined(separator: " ")
        if trimmed == "off" { return .success([SchedulePart(start: 0, target: .off)]) }
        var parts: [SchedulePart] = []
        for item in text.split(separator: ",") {
            let words = item.split(separator: " ", maxSplits: 1).map { String($0).trimmed }
            guard words.count == 2, !words[1].isEmpty else {
                return .failure(SpecError("'\(item.trimmed)' is not HH:MM TARGET; give \(usage)"))
            }
            guard let start = clock(words[0]) else { return .failure(SpecError("'\(words[0])' is not a time of day from 00:00 to 23:59")) }
            if let last = parts.last, start <= last.start {
                return .failure(SpecError("\(words[0]) comes after a later or equal time; give the times in order"))
            }
            let target: Target = words[1] == "off" ? .off : words[1] == "default" ? .defaultPlaylist : .playlist(words[1])
            parts.append(SchedulePart(start: start, target: target))
        }
        guard !parts.isEmpty else { return .failure(SpecError("no parts; give \(usage)")) }
        return .success(parts)
    }

    /// `HH:MM` in seconds after midnight.
    static func clock(_ text: String) -> Int? {
        let hm = text.split(separator: ":", omittingEmptySubsequences: false)
        guard hm.count == 2, hm[0].count == 2, hm[1].count == 2, let h = Int(hm[0]), let m = Int(hm[1]),
              (0...23).contains(h), (0...59).contains(m) else { return nil }
        return h * 3600 + m * 60
    }

    /// `08:00`.
    public var clockText: String {
        let h = start / 3600, m = start / 60 % 60
        return "\(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m)"
    }
}

extension Substring {
    var trimmed: String { String(self).trimmed }
}

extension String {
    var trimmed: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
