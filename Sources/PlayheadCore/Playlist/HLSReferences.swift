/// What an HLS playlist makes FFmpeg open: its segment and variant lines, and the `URI="..."`
/// of its tags (keys, init sections, renditions). A playlist on a stranger's stick is checked
/// for these before it plays, as an M3U list's entries are: FFmpeg opens them by itself.
public enum HLSReferences {
    /// Each reference, resolved against `baseDirectory` as FFmpeg does (URLs kept as they are).
    public static func resolved(in text: String, baseDirectory: String) -> [String] {
        var out: [String] = []
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        for raw in body.split(whereSeparator: \.isNewline) {
            let line = String(raw).trimmingSpaces
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                if let uri = uriAttribute(line) { out.append(M3UPlaylist.resolve(uri, against: baseDirectory)) }
                continue
            }
            out.append(M3UPlaylist.resolve(line, against: baseDirectory))
        }
        return out
    }

    /// The value of a tag's `URI="..."` attribute (quoted; HLS allows no other form).
    static func uriAttribute(_ line: String) -> String? {
        let key = Array("URI=\"".utf8)
        let bytes = Array(line.utf8)
        guard bytes.count >= key.count,
              let at = (0...(bytes.count - key.count)).first(where: { bytes[$0..<$0 + key.count].elementsEqual(key) }) else { return nil }
        let rest = bytes[(at + key.count)...]
        guard let end = rest.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        let value = String(decoding: rest[..<end], as: UTF8.self)
        return value.isEmpty ? nil : value
    }

    /// Whether a playlist entry names a playlist of its own (FFmpeg reads it as HLS).
    public static func isPlaylist(_ location: String) -> Bool {
        ["m3u8", "m3u"].contains(PathName.fileExtension(location))
    }
}
