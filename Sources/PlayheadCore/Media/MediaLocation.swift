/// Where an item's media lives: a local path, an http(s) URL (HLS playlists included), or a
/// live stream received over UDP or RTP (multicast IPTV, an encoder on the network).
public struct MediaLocation: Sendable, Hashable, CustomStringConvertible {
    public enum Scheme: String, Sendable, CaseIterable { case file, http, https, udp, rtp }

    public let scheme: Scheme
    /// The path for files, the whole URL for network locations.
    public let string: String

    /// Accepts `/path`, `relative/path`, `file:///path`, `http://...`, `https://...`,
    /// `udp://...` and `rtp://...`.
    public init(_ text: String) throws(PlaybackError) {
        if text.isEmpty { throw PlaybackError(.invalidLocation, "empty location") }
        for network in [Scheme.http, .https, .udp, .rtp] where text.hasPrefix(network.rawValue + "://") {
            scheme = network
            string = text
            return
        }
        if text.hasPrefix("file://") {
            scheme = .file
            string = String(text.dropFirst("file://".count))
            return
        }
        // `rtmp://`, and FFmpeg's `pipe:`, `tcp:...?listen`, `subfile,...:` and the like: only
        // media protocols are taken. A file whose name starts so is written `./name`.
        if let colon = text.firstIndex(of: ":"), Self.looksLikeScheme(text[..<colon]) {
            throw PlaybackError(.invalidLocation,
                                "\(Self.printable(text)): unsupported scheme; use a file path, http://, https://, udp:// or rtp://")
        }
        scheme = .file
        string = text
    }

    /// A protocol's name as FFmpeg reads one before a colon: letters first, then letters,
    /// digits, `+ - . ,` (its nested protocols, `subfile,,start,...`, use commas).
    static func looksLikeScheme(_ s: Substring) -> Bool {
        guard let first = s.first, first.isASCII, first.isLetter, s.count >= 2 else { return false }
        return s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.,_".contains($0)) }
    }

    /// The start of a refused location, for its error line.
    static func printable(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(80)) + "..." : text
    }

    public var isLocal: Bool { scheme == .file }
    public var description: String { string }

    /// The last path component, for short log lines.
    public var displayName: String {
        let trimmed = string.split(separator: "?").first.map(String.init) ?? string
        return trimmed.split(separator: "/").last.map(String.init) ?? string
    }
}
