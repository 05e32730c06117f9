import Playhead

extension CommandRouter {
    /// The place to keep: the current entry, the time in it, the volume and mute.
    func place() -> PlaybackPlace? {
        let playlist = self.playlist
        guard let index = playlist.currentPosition else { return nil }
        let entry = playlist.entries[index]
        return PlaybackPlace(location: entry.location, index: index, seconds: player.currentSeconds() ?? 0,
                             volume: (Double(player.volume) * 1000).rounded() / 1000, muted: player.isMuted)
    }
}
