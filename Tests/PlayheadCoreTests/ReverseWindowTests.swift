import Testing
import PlayheadCore

/// Reverse playback's bounded hold: the latest frames of a GOP, then the rest in later passes.
@Suite struct ReverseWindowTests {
    func t(_ frame: Int) -> MediaTime { MediaTime(value: Int64(frame), timescale: 25) }

    /// x264's decode order with two B-frames: I P B B P B B ..., as frame numbers.
    func decodeOrder(_ frames: Range<Int>) -> [Int] {
        var order = [frames.lowerBound]
        var i = frames.lowerBound + 1
        while i < frames.upperBound {
            let p = min(i + 2, frames.upperBound - 1)
            order.append(p)
            order.append(contentsOf: i..<p)
            i = p + 1
        }
        return order
    }

    @Test func keepsTheLatestFramesBeforeTheLimit() {
        var window = ReverseWindow<Int>(limit: t(40), capacity: 4)
        for f in decodeOrder(0..<50) { window.offer(f, at: t(f)) }
        #expect(window.kept.map(\.element) == [36, 37, 38, 39])
        #expect(window.count == 4)
        #expect(window.lowerBound == t(36))
    }

    @Test func refusesTimesAtOrAfterTheLimitAndTimesThatAreNotNumbers() {
        var window = ReverseWindow<Int>(limit: t(10), capacity: 4)
        let taken = [(10, t(10)), (11, t(11)), (-1, .invalid), (9, t(9))].map { window.offer($0.0, at: $0.1) }
        #expect(taken == [false, false, false, true])
        #expect(window.lowerBound == t(9))
    }

    @Test func aShortPassKeepsEverythingAndEndsAtTheFirstFrame() {
        var window = ReverseWindow<Int>(limit: t(12), capacity: 16)
        for f in decodeOrder(0..<12) { window.offer(f, at: t(f)) }
        #expect(window.lowerBound == t(0))
        #expect(window.shown(from: t(0)).map(\.element) == Array((0..<12).reversed()))
    }

    @Test func showsLatestFirstEachEndingWhereTheNextLaterOneStarts() {
        var window = ReverseWindow<Int>(limit: t(10), capacity: 3)
        for f in [7, 9, 8] { window.offer(f, at: t(f)) }
        let shown = window.shown(from: t(8))
        #expect(shown.map(\.element) == [9, 8])
        #expect(shown.map(\.end) == [t(10), t(9)])
        #expect(window.shown(from: t(7)).map(\.element) == [9, 8, 7])
    }

    @Test func nothingBeforeTheLimitHasNoLowerBound() {
        var window = ReverseWindow<Void>(limit: t(0), capacity: 16)
        let taken = window.offer(t(0))
        #expect(!taken)
        #expect(window.lowerBound == nil)
        #expect(window.shown(from: t(0)).isEmpty)
    }

    /// The demuxer's loop over a long-GOP stream (keyframes every `gop` frames): each pass
    /// reads from the keyframe before its limit, the demuxer's window over packet times tells
    /// where the pass starts, and the decoder's window over the same frames in presentation
    /// order shows that part. Every frame comes once, latest first, and no pass held more than
    /// the capacity.
    @Test(arguments: [(100, 100, 16), (100, 25, 16), (100, 12, 16), (30, 30, 1), (100, 100, 7)])
    func passesShowEveryFrameOnceLatestFirst(frames: Int, gop: Int, capacity: Int) {
        var limit = t(frames)
        var shown: [Int] = []
        var passes = 0
        while passes < 10_000 {
            passes += 1
            let last = (0..<frames).last { t($0) < limit } ?? -1
            guard last >= 0 else { break }
            let keyframe = last / gop * gop
            var packets = ReverseWindow<Void>(limit: limit, capacity: capacity)
            var decoded = ReverseWindow<Int>(limit: limit, capacity: capacity)
            for f in decodeOrder(keyframe..<min(keyframe + gop, frames)) where t(f) < limit { packets.offer(t(f)) }
            for f in keyframe..<min(keyframe + gop, frames) {
                decoded.offer(f, at: t(f))
                #expect(decoded.count <= capacity)
            }
            guard let lower = packets.lowerBound else { break }
            shown += decoded.shown(from: lower).map(\.element)
            limit = lower
        }
        #expect(shown == Array((0..<frames).reversed()))
    }
}
