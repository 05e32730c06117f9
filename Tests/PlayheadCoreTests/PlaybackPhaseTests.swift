import Testing
import PlayheadCore

/// The engine's per-stream and per-pass phases: what they remember across reads and ends.
@Suite struct PlaybackPhaseTests {
    let second = MediaTime(value: 1, timescale: 1)
    let half = MediaTime(value: 1, timescale: 2)

    @Test func aStreamKeepsTheLatestEndOfWhatCameAndItsEnd() {
        var s = StreamPhase.start
        #expect(s.end == nil && !s.isReadToEnd)
        s.took(end: second)
        // Out of order (B-frames): the latest end stays.
        s.took(end: half)
        #expect(s == .reading(end: second))
        s.reachedEnd()
        #expect(s.isReadToEnd && s.end == second)
        // What still comes after the end (a stretched tail) moves the end, not the phase back.
        s.took(end: second + half)
        #expect(s == .readToEnd(end: second + half))
    }

    @Test func aStreamTurnedOffBeforeAnythingCameHasNoEnd() {
        var s = StreamPhase.start
        s.reachedEnd()
        #expect(s == .readToEnd(end: nil))
    }

    @Test func aPassShowsItsFirstPictureOnceAndStaysEnded() {
        var p = SegmentPhase.awaitingFirstPicture
        p.pictureShown()
        #expect(p == .showing && !p.awaitsFirstPicture)
        p = .ended
        // A picture of an ended pass (paused at its end, then stepped) does not start it again.
        p.pictureShown()
        #expect(p.hasEnded)
    }

    @Test func aStallKnowsWhenItBeganUntilItsLimitIsReported() {
        let t = HostTime(nanoseconds: 5)
        #expect(PlaybackPhase.stalled(since: t).stalledSince == t)
        #expect(PlaybackPhase.stalled(since: nil).isStalled && PlaybackPhase.stalled(since: nil).stalledSince == nil)
        #expect(PlaybackPhase.starting(firstPictureSince: t).isStarting && !PlaybackPhase.running.isStarting)
        #expect(PlaybackPhase.running.isRunning && !PlaybackPhase.stalled(since: t).isRunning)
    }
}
