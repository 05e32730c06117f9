/// What opening a location told us: its tracks and timing. Times are on the item's timeline,
/// which starts at zero even when the container's timestamps do not (MPEG-TS starts at ~1.4 s).
public struct MediaInfo: Sendable, Hashable {
    public var tracks: [TrackInfo]
    /// Indefinite for live streams.
    public var duration: MediaTime
    public var isSeekable: Bool
    /// Local files can be read backwards GOP by GOP; network streams cannot.
    public var isLocal: Bool
    public var formatName: String
    /// Every sound and subtitle track the container offers, as choices (`tracks` holds only
    /// those that play). Empty until a source opened it.
    public var selectionGroups: [MediaSelectionGroup] = []

    public init(tracks: [TrackInfo], duration: MediaTime, isSeekable: Bool, isLocal: Bool,
                formatName: String) {
        self.tracks = tracks
        self.duration = duration
        self.isSeekable = isSeekable
        self.isLocal = isLocal
        self.formatName = formatName
    }

    public var hasVideo: Bool { tracks.contains { $0.mediaType == .video } }
    public var hasAudio: Bool { tracks.contains { $0.mediaType == .audio } }
    public var isPlayable: Bool { hasVideo || hasAudio }

    public var presentationSize: PixelSize {
        // As shown: a sideways-stored portrait clip is taller than wide, an anamorphic one wider
        // than stored (AVFoundation's presentationSize).
        tracks.first { $0.mediaType == .video }.map { $0.preferredRotation.upright($0.pixelAspect.displaySize(of: $0.naturalSize)) } ?? .zero
    }
}
