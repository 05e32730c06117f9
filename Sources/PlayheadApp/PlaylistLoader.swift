import PlayheadSys

/// The playlist at start: the items of the command line, then the `playlist` option's file
/// or folder.
enum PlaylistLoader {
    static func load(items: [String], settings: Settings) -> Playlist {
        var entries: [(location: String, title: String?)] = items.map { ($0, nil) }
        if let extra = settings.string("playlist") { entries += [(extra, nil)] }
        return Playlist(entries)
    }
}
