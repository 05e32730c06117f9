import PlayheadSys

/// The playlist from what the command line and the `playlist` option name: files and URLs as
/// they are, folders as their media files in natural order, M3U playlists as their entries (an
/// HLS playlist stays one item).
struct PlaylistLoader: Sendable {
    let arguments: [String]

    init(items: [String], settings: Settings) {
        arguments = items + (settings.string("playlist").map { [$0] } ?? [])
    }

    init(arguments: [String]) {
        self.arguments = arguments
    }

    /// The folders among the arguments: they are watched, and the playlist follows them.
    var folders: [String] { arguments.filter(Self.isFolder) }

    /// A folder, or a mount point that is not there yet (no extension, or a trailing slash):
    /// the stick may come later.
    static func isFolder(_ arg: String) -> Bool {
        if M3UPlaylist.isURL(arg) { return false }
        if FileInput.isDirectory(arg) { return true }
        return !FileInput.exists(arg) && (arg.hasSuffix("/") || PathName.fileExtension(PathName.lastComponent(arg)).isEmpty)
    }

    /// `ready`: a folder's files that may play (see CopySettle); nil takes every file in it.
    func expand(ready: [String: [String]]? = nil, report: (String) -> Void = { AppLog.warning($0) })
        -> [(location: String, title: String?)] {
        var out: [(location: String, title: String?)] = []
        for arg in arguments {
            if M3UPlaylist.isURL(arg) {
                out.append((arg, nil))
            } else if Self.isFolder(arg) {
                let names = ready?[arg] ?? Self.playable(in: arg)
                out += names.map { (arg.hasSuffix("/") ? arg + $0 : arg + "/" + $0, nil) }
            } else if ["m3u", "m3u8"].contains(PathName.fileExtension(arg)), let text = FileInput.readText(arg) {
                switch M3UPlaylist.parse(text, baseDirectory: PathName.directory(of: arg)) {
                case .hls:
                    out.append((arg, nil))
                case .list(let entries):
                    for e in entries {
                        if !M3UPlaylist.isURL(e.location) && !FileInput.exists(e.location) {
                            report("\(arg):\(e.line): \(e.location) is missing; skipped (fix the playlist or copy the file)")
                            continue
                        }
                        out.append((e.location, e.title))
                    }
                }
            } else {
                out.append((arg, nil))
            }
        }
        return out
    }

    static func playable(in folder: String) -> [String] {
        DirectoryPlaylist.playable(DirectoryListing.read(folder) ?? [])
    }

    func playlist() -> Playlist { Playlist(expand()) }
}
