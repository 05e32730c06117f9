import Testing
import PlayheadCore

/// When playback counts as dry, when it goes on, and when a stall fails its item.
@Suite struct StallCheckTests {
    func ms(_ n: Int64) -> MediaTime { MediaTime(value: n, timescale: 1000) }
    func at(_ ms: Int64) -> HostTime { HostTime(nanoseconds: ms * 1_000_000) }

    /// A video-only item whose source gave nothing this pass, nothing in line, last picture
    /// ending at 300 ms, the source not read beyond the clock.
    func dryPictures(clockAt ms: Int64) -> StallCheck.Facts {
        StallCheck.Facts(itemTime: self.ms(ms), hasVideo: true, videoToRead: true, videoPending: true, videoQueued: false,
                         lastPictureEnd: self.ms(300), readBeyondClock: false, audioToRead: false, audioQueued: false,
                         soundHeldAhead: false, deviceStarved: true, audioPlays: true)
    }

    @Test func missingPicturesAreAStallOnlyPastTheGrace() {
        #expect(StallCheck.decide(.running, dryPictures(clockAt: 500), now: at(0), limitNanoseconds: nil) == .none)
        #expect(StallCheck.decide(.running, dryPictures(clockAt: 501), now: at(0), limitNanoseconds: nil) == .stall)
    }

    @Test func aDecoderBehindASourceReadAheadIsNotAStall() {
        var facts = dryPictures(clockAt: 900)
        facts.readBeyondClock = true
        #expect(StallCheck.decide(.running, facts, now: at(0), limitNanoseconds: nil) == .none)
    }

    @Test func soundRunsDryOnlyWhenTheDeviceHasPlayedAllAndNothingIsHeld() {
        var facts = StallCheck.Facts(itemTime: ms(100), hasVideo: false, videoToRead: false, videoPending: false, videoQueued: false,
                                     lastPictureEnd: nil, readBeyondClock: false, audioToRead: true, audioQueued: false,
                                     soundHeldAhead: false, deviceStarved: false, audioPlays: true)
        #expect(StallCheck.decide(.running, facts, now: at(0), limitNanoseconds: nil) == .none)
        facts.deviceStarved = true
        #expect(StallCheck.decide(.running, facts, now: at(0), limitNanoseconds: nil) == .stall)
        facts.soundHeldAhead = true
        #expect(StallCheck.decide(.running, facts, now: at(0), limitNanoseconds: nil) == .none)
        facts.soundHeldAhead = false
        // Muted by the rate (reverse, or beyond the stretcher): sound cannot run dry.
        facts.audioPlays = false
        #expect(StallCheck.decide(.running, facts, now: at(0), limitNanoseconds: nil) == .none)
    }

    @Test func aStallEndsWhenBothStreamsAreBackAndFailsAtItsLimit() {
        let dry = dryPictures(clockAt: 600)
        #expect(StallCheck.decide(.stalled(since: at(1000)), dry, now: at(1499), limitNanoseconds: 500_000_000) == .none)
        #expect(StallCheck.decide(.stalled(since: at(1000)), dry, now: at(1500), limitNanoseconds: 500_000_000) == .fail(seconds: 1))
        // Reported once: after that the stall waits for data or the restart.
        #expect(StallCheck.decide(.stalled(since: nil), dry, now: at(9000), limitNanoseconds: 500_000_000) == .none)
        // No limit: waits for ever.
        #expect(StallCheck.decide(.stalled(since: at(1000)), dry, now: at(99_000), limitNanoseconds: nil) == .none)
        var back = dry
        back.videoQueued = true
        #expect(StallCheck.decide(.stalled(since: at(1000)), back, now: at(1100), limitNanoseconds: nil) == .resume)
        // Pictures back, sound still dry: not yet.
        back.audioToRead = true
        #expect(StallCheck.decide(.stalled(since: at(1000)), back, now: at(1100), limitNanoseconds: nil) == .none)
    }

    @Test func nothingIsDecidedWhileStarting() {
        #expect(StallCheck.decide(.starting(firstPictureSince: nil), dryPictures(clockAt: 5000), now: at(0), limitNanoseconds: 1) == .none)
    }
}
