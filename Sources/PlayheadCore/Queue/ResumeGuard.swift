/// Keeps a poison item from looping the board: a file that crashes playhead is resumed into
/// after every restart (the place is kept), crashes it again, and so on for as long as the
/// stick is in. Each start that resumes into an item counts, in the state file, until the item
/// gets going (plays on well past where it resumed, or another item comes up); after
/// `startLimit` such starts the next start skips it and says so.
public struct ResumeGuard: Sendable, Hashable {
    public static let startLimit = 2
    /// Media seconds past the resumed place that count as getting going: more than a state
    /// interval, so that a crash a little further on does not look like progress.
    public static let progressSeconds = 30.0

    public enum Choice: Sendable, Hashable {
        /// Resume into `entry`; `place` (its start counted) is to be written before it opens.
        case resume(Playlist.Entry, place: PlaybackPlace)
        /// `skipped` did not get going after `startLimit` resumed starts: start at `next`.
        case skip(Playlist.Entry, next: Playlist.Entry?)
        /// The saved item is not in the playlist any more.
        case gone
    }

    /// The place resumed into, while it has not got going.
    private var pending: PlaybackPlace?

    public init() {}

    /// What to do at start with the saved place.
    public mutating func choose(saved: PlaybackPlace, in playlist: Playlist) -> Choice {
        guard let entry = saved.entry(in: playlist) else { return .gone }
        if saved.unprovenStarts >= Self.startLimit {
            pending = nil
            let i = playlist.entries.firstIndex { $0.id == entry.id } ?? 0
            let next = playlist.entries.indices.contains(i + 1) ? playlist.entries[i + 1] : nil
            return .skip(entry, next: next)
        }
        var counted = saved
        counted.unprovenStarts += 1
        pending = counted
        return .resume(entry, place: counted)
    }

    /// The place to write, with its count of unproven starts: kept while the resumed item has
    /// not got going, zero from then on.
    public mutating func stamp(_ place: PlaybackPlace) -> PlaybackPlace {
        guard let p = pending else { return place }
        if place.location != p.location || place.index != p.index || place.seconds >= p.seconds + Self.progressSeconds {
            pending = nil
            return place
        }
        var stamped = place
        stamped.unprovenStarts = p.unprovenStarts
        return stamped
    }
}
