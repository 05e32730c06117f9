import PlayheadCore

/// A short item's first pass is kept (`LoopRecording`) while it plays; when the item follows
/// itself, its next passes come out of memory (`ReplaySource`) instead of its file sought back
/// to the start. Anything that changes what a pass holds (a seek before the pass was whole, a
/// decoder leaving frames out, a track switched) drops what was kept, and the next pass read
/// from the file's start is kept instead; a pass over the budget is not tried again.
extension PlaybackCore {
    /// The item just started from its beginning: keep its pass if it is short.
    mutating func beginKeeping(_ segment: Segment) {
        kept = LoopRecording(duration: segment.source.info.duration, hasVideo: segment.hasVideo, hasAudio: segment.hasAudio)
            .map { KeptPass(item: segment.item, segment: segment.id, recording: $0) }
    }

    mutating func keep(_ frame: VideoFrame, from segment: UInt64) {
        changeKept(from: segment) { $0.took(frame) }
    }

    mutating func keep(_ buffer: AudioBuffer, from segment: UInt64) {
        changeKept(from: segment) { $0.took(buffer) }
    }

    mutating func keepEnd(_ type: MediaType, of segment: UInt64) {
        changeKept(from: segment) { $0.reachedEnd(type) }
    }

    /// Changes the recording when `segment` is the pass being kept and it is still recording.
    private mutating func changeKept(from segment: UInt64, _ change: (inout LoopRecording) -> Void) {
        guard var k = kept, k.segment == segment, k.recording.state == .recording else { return }
        // Let go first: the arrays grow in place, not copied.
        kept = nil
        change(&k.recording)
        kept = k
    }

    /// A pass being kept was sought or lost frames: it is no longer the whole item.
    mutating func stopKeeping(segment: UInt64? = nil) {
        guard let k = kept, k.recording.state == .recording, segment == nil || k.segment == segment else { return }
        kept = nil
    }

    /// The next pass of the current item out of memory, when its whole pass was kept.
    func replayFromMemory(after current: Segment) -> Segment? {
        guard let k = kept, k.item == current.item, k.recording.state == .complete else { return nil }
        let source = ReplaySource(k.recording, info: current.source.info)
        var again = Segment(id: nextSegmentID, item: current.item, source: source, offset: current.offset + current.end)
        // Kept as the item's: a seek reads its source again.
        again.budgetShare = current.budgetShare
        return again
    }
}
