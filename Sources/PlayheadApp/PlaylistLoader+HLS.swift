import PlayheadSys

extension PlaylistLoader {
    /// Variants that name variants: deeper than this is no real stream.
    static let hlsDepthLimit = 3

    /// Why an HLS playlist on `stick` may not play, or nil when all it makes FFmpeg open (its
    /// segments, keys, init sections and variants, through nested playlists) stays on the stick.
    /// FFmpeg opens these itself, past the checks of the entries playhead reads.
    func hlsRefusal(of playlist: String, stick: String, depth: Int = 0) -> String? {
        guard depth < Self.hlsDepthLimit else {
            return "HLS playlists nested more than \(Self.hlsDepthLimit) deep (at \(playlist)); skipped"
        }
        let text: String
        switch FileInput.read(playlist, limit: Self.playlistByteLimit) {
        case .text(let t): text = t
        case .tooLarge: return "\(playlist) is larger than \(Self.playlistByteLimit >> 20) MiB; skipped"
        case .unreadable(let why): return "\(playlist) cannot be read (\(why)); skipped"
        case .missing: return nil  // fails when it comes up, naming the file
        }
        for ref in HLSReferences.resolved(in: text, baseDirectory: PathName.directory(of: playlist)) {
            let isURL = M3UPlaylist.isURL(ref)
            let real = isURL ? nil : FileInput.realPath(ref)
            // Missing now is no pass: the name itself must stay on the stick (it may appear later).
            if let why = removable.refusal(entry: ref, resolved: isURL ? nil : real ?? ref, stick: stick) {
                return "\(playlist) names \(ref): \(why)"
            }
            if let resolved = real, HLSReferences.isPlaylist(resolved),
               let why = hlsRefusal(of: ref, stick: stick, depth: depth + 1) { return why }
        }
        return nil
    }
}
