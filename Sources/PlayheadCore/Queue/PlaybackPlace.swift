/// Where playback is, as the state file keeps it across a crash or a power cut: the item (its
/// location and its place in the playlist), the time in it, the volume and mute.
public struct PlaybackPlace: Sendable, Hashable {
    public var location: String
    /// 0-based; the location decides when the playlist changed meanwhile.
    public var index: Int
    public var seconds: Double
    public var volume: Double
    public var muted: Bool
    /// Starts that resumed into this item and have not yet seen it get going (ResumeGuard): a
    /// file that crashes playhead must not bring the board back into it for ever.
    public var unprovenStarts: Int

    public init(location: String, index: Int, seconds: Double, volume: Double, muted: Bool, unprovenStarts: Int = 0) {
        self.location = location
        self.index = index
        self.seconds = seconds
        self.volume = volume
        self.muted = muted
        self.unprovenStarts = unprovenStarts
    }

    static let header = "playhead-state 2"
    /// Version 1 kept the item's name raw (a newline in a file name could add a key).
    static let headerVersion1 = "playhead-state 1"

    /// Lines of `key=value` under a header, so a foreign or damaged file is told apart. The
    /// item's name is escaped: a file name is a stranger's text.
    public var encoded: String {
        let s = (max(0, seconds) * 1000).rounded() / 1000
        return "\(Self.header)\nitem=\(StateEscaping.escape(location))\nindex=\(index)\nseconds=\(s)\nvolume=\(volume)\n"
            + "muted=\(muted ? "yes" : "no")\nstarts=\(unprovenStarts)\n"
    }

    public static func decode(_ text: String) -> Result<PlaybackPlace, SpecError> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first, first == header || first == headerVersion1 else {
            return .failure(SpecError("not a playhead state file (no '\(header)' line)"))
        }
        lines.removeFirst()
        var values: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let eq = line.firstIndex(of: "=") else { return .failure(SpecError("'\(line.prefix(40))' is not key=value")) }
            let key = String(line[..<eq])
            // A key twice is a file someone wrote by hand or a name that got out: not ours.
            guard values[key] == nil else { return .failure(SpecError("'\(key.prefix(40))' is given twice")) }
            values[key] = String(line[line.index(after: eq)...])
        }
        if first == header {
            guard let raw = values["item"], let name = StateEscaping.unescape(raw) else { return .failure(SpecError("no item")) }
            values["item"] = name
        }
        let starts = values["starts"].map { Int($0) } ?? 0
        guard let starts, starts >= 0 else { return .failure(SpecError("no starts")) }
        guard let location = values["item"], !location.isEmpty else { return .failure(SpecError("no item")) }
        guard let index = values["index"].flatMap({ Int($0) }), index >= 0 else { return .failure(SpecError("no index")) }
        guard let seconds = values["seconds"].flatMap({ Double($0) }), seconds.isFinite, seconds >= 0 else {
            return .failure(SpecError("no seconds"))
        }
        guard let volume = values["volume"].flatMap({ Double($0) }), (0...1).contains(volume) else { return .failure(SpecError("no volume")) }
        guard let muted = values["muted"], muted == "yes" || muted == "no" else { return .failure(SpecError("no muted")) }
        return .success(PlaybackPlace(location: location, index: index, seconds: seconds, volume: volume, muted: muted == "yes",
                                      unprovenStarts: starts))
    }

    /// The playlist entry to resume: the same location at the same place, else the first with
    /// that location; nil when the item is gone from the playlist.
    public func entry(in playlist: Playlist) -> Playlist.Entry? {
        if index < playlist.entries.count, playlist.entries[index].location == location { return playlist.entries[index] }
        return playlist.entries.first { $0.location == location }
    }
}
