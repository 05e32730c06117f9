/// M3U and M3U8 playlists: `#EXTINF` titles and durations, paths relative to the playlist,
/// URLs, comments, CRLF and a byte-order mark. An HLS playlist (`#EXT-X-` tags) is not a list
/// of items but one stream, and is reported as such.
public enum M3UPlaylist {
    public struct Entry: Sendable, Hashable {
        public let location: String
        public let title: String?
        public let duration: Double?
        /// The playlist's line the entry is on, for errors.
        public let line: Int
    }

    public enum Content: Sendable, Hashable {
        case list([Entry])
        case hls
    }

    public static func parse(_ text: String, baseDirectory: String) -> Content {
        var entries: [Entry] = []
        var pending: (title: String?, duration: Double?)?
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        for (i, raw) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = String(raw).trimmingSpaces
            if line.isEmpty { continue }
            if line.hasPrefix("#EXT-X-") { return .hls }
            if line.hasPrefix("#EXTINF:") {
                pending = extinf(String(line.dropFirst(8)))
                continue
            }
            if line.hasPrefix("#") { continue }
            entries.append(Entry(location: resolve(line, against: baseDirectory), title: pending?.title,
                                 duration: pending?.duration, line: i + 1))
            pending = nil
        }
        return .list(entries)
    }

    /// `#EXTINF:<seconds>[ attributes],<title>`; -1 (unknown) and nonsense give no duration.
    static func extinf(_ rest: String) -> (String?, Double?) {
        let comma = rest.firstIndex(of: ",")
        let head = comma.map { String(rest[..<$0]) } ?? rest
        let title = comma.map { String(rest[rest.index(after: $0)...]).trimmingSpaces }
        let number = head.split(separator: " ").first.map(String.init) ?? ""
        let duration = Double(number).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
        return (title?.isEmpty == false ? title : nil, duration)
    }

    /// URLs are kept as they are; `file://` becomes a path; a relative path is the playlist's.
    public static func resolve(_ location: String, against base: String) -> String {
        if location.hasPrefix("file://") { return PathName.normalized(String(location.dropFirst(7))) }
        if isURL(location) { return location }
        if location.hasPrefix("/") { return PathName.normalized(location) }
        return PathName.normalized(base + "/" + location)
    }

    public static func isURL(_ s: String) -> Bool {
        guard let colon = s.firstIndex(of: ":"), s[colon...].hasPrefix("://") else { return false }
        let scheme = s[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }
}
