import PlayheadCore
import Testing

/// What a subtitle feed reads for the player's time: a window ahead, a restart where a seek went.
@Suite struct SubtitleFeedWindowTests {
    private func read(_ lastStart: Int64?, ended: Bool = false) -> SubtitleFeedRead {
        SubtitleFeedRead(cues: [], lastStart: lastStart, ended: ended)
    }

    @Test func playingReadsAWindowAheadAndNoMoreUntilHalfIsUsed() {
        var w = SubtitleFeedWindow()
        #expect(w.step(at: 0) == .read(until: 20_000))
        w.advanced(until: 20_000, by: read(23_000))
        // 23 s known: nothing until less than 10 s is left ahead.
        #expect(w.step(at: 5_000) == .none)
        #expect(w.step(at: 12_999) == .none)
        #expect(w.step(at: 13_001) == .read(until: 33_001))
    }

    @Test func aLongGapWithoutCuesIsKnownToItsNextCue() {
        var w = SubtitleFeedWindow()
        w.advanced(until: 20_000, by: read(600_000))
        // Ten minutes without a word: nothing more to read until near the next cue.
        #expect(w.step(at: 300_000) == .none)
        #expect(w.step(at: 595_000) == .read(until: 615_000))
    }

    @Test func aSeekBackOrFarAheadStartsAgainBeforeIt() {
        var w = SubtitleFeedWindow()
        w.advanced(until: 20_000, by: read(25_000))
        // Far past what was read: a seek, read from 10 s before it.
        #expect(w.step(at: 100_000) == .restart(at: 90_000, thenUntil: 120_000))
        w.restarted(at: 90_000)
        w.advanced(until: 120_000, by: read(121_000))
        // Back before where reading started.
        #expect(w.step(at: 50_000) == .restart(at: 40_000, thenUntil: 70_000))
        #expect(w.step(at: 5_000) == .restart(at: 0, thenUntil: 25_000))
        // Within what was read: no restart.
        #expect(w.step(at: 95_000) == .none)
    }

    @Test func theEndIsTheEnd() {
        var w = SubtitleFeedWindow()
        w.advanced(until: 20_000, by: read(3_000, ended: true))
        #expect(w.ended)
        #expect(w.step(at: 15_000) == .none)
        // Even far past it: nothing is left to read, and nothing to seek to.
        #expect(w.step(at: 500_000) == .none)
    }
}
