import PlayheadCore

/// What the demux thread hands a decoder thread.
enum PacketItem {
    case packet(Packet)
    case end
    case failed(PlaybackError)
    /// Reverse playback: the packets that follow decode one pass over a GOP (see
    /// `ReverseWindow`); it shows frames before `limit`...
    case segmentStart(limit: MediaTime)
    /// ...and from `start` on, which the demuxer learnt from the packets' times.
    case segmentEnd(start: MediaTime)
    /// Sound: the packets that follow are another track's, decoded with this track's decoder.
    case switchTrack(FFmpegSource.Track)
    /// The stream's clock jumped and was taken out: the first frame from this time on follows
    /// the jump (see ClockContinuity).
    case clockJump(at: MediaTime)
}

/// What a decoder thread hands the engine.
enum DecodedItem<Element: Sendable>: Sendable {
    case element(Element)
    case end
    case failed(PlaybackError)
}

/// Anything queued carries the seek epoch it was produced in; a seek bumps the epoch, and
/// whatever carries an older one is dropped wherever it is found.
struct Tagged<Value> {
    let epoch: UInt64
    let value: Value
}

extension Tagged: Sendable where Value: Sendable {}
