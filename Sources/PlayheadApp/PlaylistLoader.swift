import PlayheadSys

/// The playlist from what the command line and the `playlist` option name: files and URLs as
/// they are, folders as their media files in natural order, M3U playlists as their entries (an
/// HLS playlist stays one item).
struct PlaylistLoader: Sendable {
    let arguments: [String]
    /// What entries found on a stick may reach.
    let removable: RemovableMedia

    /// A playlist file larger than this is not one (a stranger's file named .m3u).
    static let playlistByteLimit = 1 << 20

    init(items: [String], settings: Settings) {
        arguments = items + (settings[AppOptions.playlist].map { [$0] } ?? [])
        removable = RemovableMedia(roots: RemovableMedia.roots(from: settings[AppOptions.removableMedia]),
                                   allowsURLs: settings[AppOptions.removableURLs])
    }

    init(arguments: [String], removable: RemovableMedia = RemovableMedia()) {
        self.arguments = arguments
        self.removable = removable
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
        -> [(location: String, title: String?, duration: Double?)] {
        var out: [(location: String, title: String?, duration: Double?)] = []
        for arg in arguments {
            if M3UPlaylist.isURL(arg) {
                out.append((arg, nil, nil))
            } else if Self.isFolder(arg) {
                let names = ready?[arg] ?? Self.playable(in: arg)
                let stick = FileInput.realPath(arg).flatMap { removable.stick(of: $0, isFolder: true) }
                for name in names {
                    let path = arg.hasSuffix("/") ? arg + name : arg + "/" + name
                    if let stick, let why = removable.refusal(entry: path, resolved: FileInput.realPath(path), stick: stick) {
                        report("\(path): \(why)")
                        continue
                    }
                    out.append((path, nil, nil))
                }
            } else if ["m3u", "m3u8"].contains(PathName.fileExtension(arg)) {
                switch FileInput.read(arg, limit: Self.playlistByteLimit) {
                case .text(let text): out += entries(of: arg, text: text, report: report)
                case .tooLarge: report("\(arg): larger than \(Self.playlistByteLimit >> 20) MiB, not read (is it a playlist?)")
                case .unreadable(let why): report("\(arg): cannot be read (\(why)); skipped")
                case .missing: out.append((arg, nil, nil))  // fails when it comes up, naming the file
                }
            } else {
                out.append((arg, nil, nil))
            }
        }
        return out
    }

    /// An M3U file's items. On a stick, each entry must stay on it (links and `..` resolved)
    /// and URLs only play when allowed.
    private func entries(of playlist: String, text: String, report: (String) -> Void) -> [(location: String, title: String?, duration: Double?)] {
        switch M3UPlaylist.parse(text, baseDirectory: PathName.directory(of: playlist)) {
        case .hls:
            if let stick = FileInput.realPath(playlist).flatMap({ removable.stick(of: $0) }),
               let why = hlsRefusal(of: playlist, stick: stick) {
                report(why)
                return []
            }
            return [(playlist, nil, nil)]
        case .list(let entries):
            let stick = FileInput.realPath(playlist).flatMap { removable.stick(of: $0) }
            var out: [(location: String, title: String?, duration: Double?)] = []
            for e in entries {
                let isURL = M3UPlaylist.isURL(e.location)
                let resolved = isURL ? nil : FileInput.realPath(e.location)
                if !isURL && resolved == nil {
                    report("\(playlist):\(e.line): \(e.location) is missing; skipped (fix the playlist or copy the file)")
                    continue
                }
                if let stick, let why = removable.refusal(entry: e.location, resolved: resolved, stick: stick) {
                    report("\(playlist):\(e.line): \(e.location): \(why)")
                    continue
                }
                if let stick, let resolved, HLSReferences.isPlaylist(resolved), let why = hlsRefusal(of: e.location, stick: stick) {
                    report("\(playlist):\(e.line): \(why)")
                    continue
                }
                out.append((e.location, e.title, e.duration))
            }
            return out
        }
    }

    static func playable(in folder: String) -> [String] {
        DirectoryPlaylist.playable(DirectoryListing.read(folder) ?? [])
    }

    func playlist() -> Playlist { Playlist(expand()) }
}
