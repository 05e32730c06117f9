/// Where an item's media lives: a local path or an http(s) URL (HLS playlists included).
public struct MediaLocation: Sendable, Hashable, CustomStringConvertible {
    public enum Scheme: String, Sendable { case file, http, https }

    public let scheme: Scheme
    /// The path for files, the whole URL for network locations.
    public let string: String

    /// Accepts `/path`, `relative/path`, `file:///path`, `http://...` and `https://...`.
    public init(_ text: String) throws(PlaybackError) {
        if text.isEmpty { throw PlaybackError(.invalidLocation, "empty location") }
        if text.hasPrefix("http://") { scheme = .http; string = text; return }
        if text.hasPrefix("https://") { scheme = .https; string = text; return }
        if text.hasPrefix("file://") {
            scheme = .file
            string = String(text.dropFirst("file://".count))
            return
        }
        if let colon = text.firstIndex(of: ":"), text[..<colon].allSatisfy({ $0.isLetter }),
           text[colon...].hasPrefix("://") {
            throw PlaybackError(.invalidLocation,
                                "\(text): unsupported scheme; use a file path, http:// or https://")
        }
        scheme = .file
        string = text
    }

    public var isLocal: Bool { scheme == .file }
    public var description: String { string }

    /// The last path component, for short log lines.
    public var displayName: String {
        let trimmed = string.split(separator: "?").first.map(String.init) ?? string
        return trimmed.split(separator: "/").last.map(String.init) ?? string
    }
}
