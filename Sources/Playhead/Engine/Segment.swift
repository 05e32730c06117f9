/// An item being played, or pre-rolled to follow without a gap. `offset` places the item's own
/// time on the engine's continuous timeline: timeline = offset + item time. An item looped on
/// its own follows itself: `id` tells its passes apart.
struct Segment {
    let id: UInt64
    let item: PlayerItem
    let source: any MediaSource
    var offset: MediaTime
    var videoEOS = false
    var audioEOS = false
    var videoEnd: MediaTime?
    var audioEnd: MediaTime?
    var shownFirstFrame = false
    var endAnnounced = false
    /// Sought in reverse last: the source hands frames backwards.
    var readsBackwards = false
    var decodeSkip = DecodeSkipPolicy()

    init(id: UInt64, item: PlayerItem, source: any MediaSource, offset: MediaTime) {
        self.id = id
        self.item = item
        self.source = source
        self.offset = offset
    }

    var hasVideo: Bool { source.info.hasVideo && item.isEnabled(.video) }
    var hasAudio: Bool { source.info.hasAudio && item.isEnabled(.audio) }
    var fullyDemuxed: Bool { (videoEOS || !hasVideo) && (audioEOS || !hasAudio) }

    /// The item's end on its own timeline: the later of its last frame and its last sample.
    var end: MediaTime {
        let ends = [videoEnd, audioEnd].compactMap { $0 }
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

/// Decoded audio not yet taken by the sink.
struct QueuedAudio {
    var buffer: AudioBuffer
    var timeline: MediaTime
    let item: PlayerItem
    let segment: UInt64
}
