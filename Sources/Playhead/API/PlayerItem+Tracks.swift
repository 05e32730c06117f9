import PlayheadCore

extension PlayerItem {
    /// The tracks an item lists: those its source reads, and the sound tracks it does not read
    /// now (the source opens the selected one only), from their selection options, so that
    /// `tracks` names every sound track and says which plays after a switch.
    static func everyTrack(of info: MediaInfo) -> [TrackInfo] {
        var tracks = info.tracks
        let read = Set(tracks.map(\.trackID))
        for group in info.selectionGroups where group.characteristic == .audible {
            for option in group.options where option.file == nil && !read.contains(option.trackID) {
                var track = TrackInfo(trackID: option.trackID, mediaType: .audio, codec: option.codec, language: option.language)
                track.title = option.title
                track.traits = option.traits
                tracks.append(track)
            }
        }
        return tracks.sorted { $0.trackID < $1.trackID }
    }
}
