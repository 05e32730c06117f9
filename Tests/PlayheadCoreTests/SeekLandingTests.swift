import Testing
import PlayheadCore

/// Where a seek lands among the pictures decoded since.
@Suite struct SeekLandingTests {
    func t(_ n: Int64) -> MediaTime { MediaTime(value: n, timescale: 10) }
    /// Pictures a tenth of a second long starting at each of `starts` (in tenths).
    func pictures(_ starts: [Int64]) -> [(pts: MediaTime, end: MediaTime)] { starts.map { (t($0), t($0 + 1)) } }

    @Test func anExactSeekThrowsAwayThePicturesBeforeItsTarget() {
        let exact = SeekRequest(target: t(13) + MediaTime(value: 1, timescale: 20), toleranceBefore: .zero, toleranceAfter: .zero)
        let found = SeekLanding.find(exact, hasVideo: true, pictures: pictures([10, 11, 12, 13, 14]), videoReadToEnd: false,
                                     soundReady: false, reverse: false)
        // 1.3 s covers 1.35 s: the three before go, the player reports the target.
        #expect(found == SeekLanding(dropping: 3, time: exact.target))
    }

    @Test func aFastSeekLandsOnTheFirstPicture() {
        let found = SeekLanding.find(SeekRequest(target: t(13)), hasVideo: true, pictures: pictures([10, 11]), videoReadToEnd: false,
                                     soundReady: false, reverse: false)
        #expect(found == SeekLanding(dropping: 0, time: t(10)))
    }

    @Test func withNothingAcceptableItWaitsUnlessNoMoreWillCome() {
        let exact = SeekRequest(target: t(30), toleranceBefore: .zero, toleranceAfter: .zero)
        let waiting = SeekLanding.find(exact, hasVideo: true, pictures: pictures([10, 11]), videoReadToEnd: false, soundReady: true,
                                       reverse: false)
        #expect(waiting == SeekLanding(dropping: 2, time: nil))
        let past = SeekLanding.find(exact, hasVideo: true, pictures: pictures([10, 11]), videoReadToEnd: true, soundReady: false,
                                    reverse: false)
        #expect(past == SeekLanding(dropping: 2, time: t(30)))
    }

    @Test func inReverseItLandsOnThePictureAtOrBeforeItsTarget() {
        let found = SeekLanding.find(SeekRequest(target: t(12), toleranceBefore: .zero, toleranceAfter: .zero), hasVideo: true,
                                     pictures: pictures([14, 13, 12, 11]), videoReadToEnd: false, soundReady: false, reverse: true)
        #expect(found == SeekLanding(dropping: 2, time: t(12)))
    }

    @Test func soundAloneLandsOnTheTargetOnceSoundIsThere() {
        let request = SeekRequest(target: t(5))
        #expect(SeekLanding.find(request, hasVideo: false, pictures: [], videoReadToEnd: true, soundReady: false, reverse: false)
            == SeekLanding(dropping: 0, time: nil))
        #expect(SeekLanding.find(request, hasVideo: false, pictures: [], videoReadToEnd: true, soundReady: true, reverse: false)
            == SeekLanding(dropping: 0, time: t(5)))
    }
}
