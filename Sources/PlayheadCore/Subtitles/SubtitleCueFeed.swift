/// A film's own subtitle stream read as the film plays, a window ahead of it, instead of the
/// whole file before the first cue (a two-hour film on a stick is gigabytes). Used by one
/// thread, the subtitle layer's.
public protocol SubtitleCueFeed: AnyObject, Sendable {
    /// The ASS header the cues are drawn with (styles, the script's resolution).
    var header: String { get }
    var codec: String { get }
    /// Pictures (DVB, PGS) rather than text.
    var isBitmap: Bool { get }
    /// Reads on until a cue starting after `milliseconds` has been read, or the stream ends.
    /// Returns the cues read whose ends are known; `lastStart`: the last packet's start.
    func read(until milliseconds: Int64) throws(PlaybackError) -> SubtitleFeedRead
    /// Reads from shortly before `milliseconds` next (a seek). What was read before is the
    /// caller's to forget: the same cues come again.
    func restart(at milliseconds: Int64) throws(PlaybackError)
    /// Ends a read under way from another thread (the layer stopping): it fails at once.
    func abort()
}

/// What one `read` gave.
public struct SubtitleFeedRead: Sendable, Equatable {
    public var cues: [SubtitleCue]
    public var lastStart: Int64?
    public var ended: Bool

    public init(cues: [SubtitleCue], lastStart: Int64?, ended: Bool) {
        self.cues = cues
        self.lastStart = lastStart
        self.ended = ended
    }
}

/// How a subtitle track comes: read whole (a file beside the film, captions), or fed as it plays.
public enum SubtitleSource: Sendable {
    case whole(SubtitleTrackText)
    case feed(any SubtitleCueFeed)
}
