import Testing
@testable import PlayheadCore

@Suite struct StateMachineTests {
    @Test func itemStatusTransitions() {
        #expect(ItemStatus.unknown.next(on: .opened) == .readyToPlay)
        #expect(ItemStatus.unknown.next(on: .failed) == .failed)
        #expect(ItemStatus.readyToPlay.next(on: .failed) == .failed)
        #expect(ItemStatus.readyToPlay.next(on: .opened) == nil)
        #expect(ItemStatus.failed.next(on: .opened) == nil)
    }

    @Test func queueInsertRemoveAdvance() {
        var q = PlayQueue(items: ["a", "b", "c"])
        #expect(q.current == "a")
        #expect(!q.canInsert("b", after: nil))
        #expect(!q.canInsert("d", after: "zz"))
        let r1 = q.insert("d", after: "a")
        #expect(r1)
        #expect(q.items == ["a", "d", "b", "c"])
        let r2 = q.remove("d")
        #expect(r2 == false)
        let r3 = q.remove("a")
        #expect(r3 == true)
        #expect(q.current == "b")
        let r4 = q.advance()
        #expect(r4 == "c")
        let r5 = q.advance()
        #expect(r5 == nil)
        #expect(q.items.isEmpty)
    }

    @Test func queueLoops() {
        var q = PlayQueue(items: [1, 2])
        q.loopMode = .queue
        let r6 = q.advance()
        #expect(r6 == 2)
        #expect(q.upNext == 1)
        let r7 = q.advance()
        #expect(r7 == 1)
        #expect(q.items == [1, 2])
        q.loopMode = .item
        // An item looping on its own follows itself, though others wait behind it.
        #expect(q.upNext == 1)
        let r8 = q.advance()
        #expect(r8 == 1)
        q.replaceCurrent(with: 3)
        #expect(q.items == [3, 2])
    }

    @Test func seekToleranceWindows() {
        let frame = MediaTime(value: 1, timescale: 25)
        func f(_ n: Int64) -> (MediaTime, MediaTime) { (MediaTime(value: n, timescale: 25), MediaTime(value: n + 1, timescale: 25)) }
        let exact = SeekRequest(target: MediaTime(value: 105, timescale: 100), toleranceBefore: .zero, toleranceAfter: .zero)
        // 1.05 s lies in frame 26 ([1.04, 1.08)); frames before it are thrown away.
        #expect(!exact.accepts(framePTS: f(25).0, end: f(25).1))
        #expect(exact.accepts(framePTS: f(26).0, end: f(26).1))
        #expect(exact.landingTime(framePTS: f(26).0) == MediaTime(value: 105, timescale: 100))
        let fast = SeekRequest(target: MediaTime(value: 105, timescale: 100))
        #expect(fast.accepts(framePTS: f(24).0, end: f(24).1))
        #expect(fast.landingTime(framePTS: f(24).0) == f(24).0)
        let window = SeekRequest(target: .zero + frame, toleranceBefore: frame, toleranceAfter: .zero)
        #expect(window.accepts(framePTS: .zero, end: frame))
    }

    @Test func newerSeekOvertakesOlder() {
        var c = SeekCoordinator()
        let (first, a1) = c.request(SeekRequest(target: .zero))
        #expect(a1 == [.startSeek(id: first, SeekRequest(target: .zero))])
        let (second, a2) = c.request(SeekRequest(target: MediaTime(value: 1, timescale: 1)))
        #expect(a2.first == .complete(id: first, finished: false))
        let r9 = c.landed()
        #expect(r9 == [.complete(id: second, finished: true)])
        let r10 = c.landed()
        #expect(r10.isEmpty)
    }

    @Test func clockMapsHostToMediaAtRates() {
        var clock = PresentationClock(media: .zero, host: HostTime(nanoseconds: 1_000), rate: .normal)
        #expect(clock.mediaTime(at: HostTime(nanoseconds: 1_000 + 500_000_000)) == MediaTime(value: 1, timescale: 2))
        clock.setRate(PlaybackRate(2.0), at: HostTime(nanoseconds: 1_000 + 1_000_000_000))
        #expect(clock.mediaTime(at: HostTime(nanoseconds: 1_000 + 2_000_000_000)) == MediaTime(value: 3, timescale: 1))
        #expect(clock.hostTime(for: MediaTime(value: 5, timescale: 1)) == HostTime(nanoseconds: 1_000 + 3_000_000_000))
        clock.setRate(.paused, at: HostTime(nanoseconds: 1_000 + 3_000_000_000))
        #expect(clock.mediaTime(at: HostTime(nanoseconds: 99_000_000_000)) == MediaTime(value: 5, timescale: 1))
        #expect(clock.hostTime(for: .zero) == nil)
        #expect(PlaybackRate(0.5) == PlaybackRate(numerator: 1, denominator: 2))
    }

    @Test func audioClockFollowsWritesAcrossItems() {
        var map = AudioClockMap(sampleRate: 48000)
        map.recordWrite(deviceFrame: 0, media: .zero, frames: 48000)
        map.recordWrite(deviceFrame: 48000, media: MediaTime(value: 5, timescale: 1), frames: 24000)
        #expect(map.mediaTime(playedFrames: 24000) == MediaTime(value: 1, timescale: 2))
        #expect(map.mediaTime(playedFrames: 60000) == MediaTime(value: 5, timescale: 1) + MediaTime(value: 1, timescale: 4))
        #expect(map.writtenEnd == MediaTime(value: 11, timescale: 2))
    }

    @Test func schedulerDropsOvertakenFrames() {
        let s = FrameScheduler()
        func frame(_ n: Int64) -> VideoFrame {
            VideoFrame(pts: MediaTime(value: n, timescale: 25), duration: MediaTime(value: 1, timescale: 25),
                       isKeyframe: false, picture: DummyPicture())
        }
        let now = MediaTime(value: 3, timescale: 25)
        #expect(s.decide(frame: frame(1), next: frame(2), now: now) == .drop)
        #expect(s.decide(frame: frame(3), next: frame(4), now: now) == .present)
        #expect(s.decide(frame: frame(4), next: nil, now: now) == .wait(until: MediaTime(value: 4, timescale: 25)))
        #expect(s.decide(frame: frame(3), next: frame(2), now: now, forward: false) == .present)
    }
}

final class DummyPicture: VideoPicture {
    var size: PixelSize { .zero }
    var pixelFormatName: String { "none" }
    func digest() -> UInt64 { 0 }
    func draw(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError) {}
}
