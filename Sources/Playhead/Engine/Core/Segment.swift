/// An item being played, or pre-rolled to follow without a gap. `offset` places the item's own
/// time on the engine's continuous timeline: timeline = offset + item time. An item looped on
/// its own follows itself: `id` tells its passes apart.
struct Segment {
    let id: UInt64
    let item: PlayerItem
    let source: any MediaSource
    var offset: MediaTime
    var videoStream = StreamPhase.start
    var audioStream = StreamPhase.start
    var phase = SegmentPhase.awaitingFirstPicture
    /// Sought in reverse last: the source hands frames backwards.
    var readsBackwards = false
    var decodeSkip = DecodeSkipPolicy()
    /// A pass of an item looped on its own that reads the previous pass's source again from
    /// its start: the previous pass's owner closes it, not this one.
    var replaysPrevious = false
    /// Its share of the board's decoding (DecodeBudget), kept by its passes.
    var budgetShare = 0.0
    /// The sound track its source plays (nil: none), changed by a selection while playing.
    var audioTrackID: Int?

    init(id: UInt64, item: PlayerItem, source: any MediaSource, offset: MediaTime) {
        self.id = id
        self.item = item
        self.source = source
        self.offset = offset
        audioTrackID = source.info.tracks.first { $0.mediaType == .audio }?.trackID
    }

    var hasVideo: Bool { source.info.hasVideo && item.isEnabled(.video) }
    var hasAudio: Bool { source.info.hasAudio && item.isEnabled(.audio) }
    var fullyDemuxed: Bool { (videoStream.isReadToEnd || !hasVideo) && (audioStream.isReadToEnd || !hasAudio) }
    /// More pictures or sound may come from its source.
    var videoToRead: Bool { hasVideo && !videoStream.isReadToEnd }
    var audioToRead: Bool { hasAudio && !audioStream.isReadToEnd }

    /// Sought: read from the new place, its end (or start) to be reached anew.
    mutating func restart() {
        videoStream = .start
        audioStream = .start
        phase = .awaitingFirstPicture
    }

    /// The item's end on its own timeline: the later of its last frame and its last sample.
    var end: MediaTime {
        let ends = [videoStream.end, audioStream.end].compactMap { $0 }
        return ends.max() ?? (source.info.duration.isNumeric ? source.info.duration : .zero)
    }
}

/// A decoded frame waiting for its time, with its place on the timeline.
struct QueuedFrame {
    var frame: VideoFrame
    var timeline: MediaTime
    let item: PlayerItem
    let segment: UInt64
}

