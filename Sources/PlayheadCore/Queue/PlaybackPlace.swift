/// Where playback is, as the state file keeps it across a crash or a power cut: the item (its
/// location and its place in the playlist), the time in it, the volume and mute.
public struct PlaybackPlace: Sendable, Hashable {
    public var location: String
    /// 0-based; the location decides when the playlist changed meanwhile.
    public var index: Int
    public var seconds: Double
    public var volume: Double
    public var muted: Bool

    public init(location: String, index: Int, seconds: Double, volume: Double, muted: Bool) {
        self.location = location
        self.index = index
        self.seconds = seconds
        self.volume = volume
        self.muted = muted
    }

    static let header = "playhead-state 1"

    /// Lines of `key=value` under a header, so a foreign or damaged file is told apart.
    public var encoded: String {
        let s = (max(0, seconds) * 1000).rounded() / 1000
        return "\(Self.header)\nitem=\(location)\nindex=\(index)\nseconds=\(s)\nvolume=\(volume)\nmuted=\(muted ? "yes" : "no")\n"
    }

    public static func decode(_ text: String) -> Result<PlaybackPlace, SpecError> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == header else { return .failure(SpecError("not a playhead state file (no '\(header)' line)")) }
        lines.removeFirst()
        var values: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let eq = line.firstIndex(of: "=") else { return .failure(SpecError("'\(line.prefix(40))' is not key=value")) }
            values[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        guard let location = values["item"], !location.isEmpty else { return .failure(SpecError("no item")) }
        guard let index = values["index"].flatMap({ Int($0) }), index >= 0 else { return .failure(SpecError("no index")) }
        guard let seconds = values["seconds"].flatMap({ Double($0) }), seconds.isFinite, seconds >= 0 else {
            return .failure(SpecError("no seconds"))
        }
        guard let volume = values["volume"].flatMap({ Double($0) }), (0...1).contains(volume) else { return .failure(SpecError("no volume")) }
        guard let muted = values["muted"], muted == "yes" || muted == "no" else { return .failure(SpecError("no muted")) }
        return .success(PlaybackPlace(location: location, index: index, seconds: seconds, volume: volume, muted: muted == "yes"))
    }

    /// The playlist entry to resume: the same location at the same place, else the first with
    /// that location; nil when the item is gone from the playlist.
    public func entry(in playlist: Playlist) -> Playlist.Entry? {
        if index < playlist.entries.count, playlist.entries[index].location == location { return playlist.entries[index] }
        return playlist.entries.first { $0.location == location }
    }
}
