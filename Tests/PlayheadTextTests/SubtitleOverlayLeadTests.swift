import PlayheadCore
@testable import PlayheadText
import Synchronization
import Testing

/// How far ahead the subtitle layer draws: the display's own lead and the layer's drawings
/// (their time read from a clock that moves at each reading) move it. No sleeping.
@Suite struct SubtitleOverlayLeadTests {
    /// A display that asks for `lead` ahead of each picture.
    final class SlowSink: VideoSink {
        let name = "slow"
        let lead: Int64
        let inked = Mutex<[Bool]>([])
        init(lead: Int64) { self.lead = lead }
        var presentationLeadNanoseconds: Int64 { lead }
        func present(_ frame: VideoFrame, dueAt hostTime: HostTime) {
            inked.withLock { $0.append((frame.picture as! TextPicture).pixels.contains { $0 != 0 }) }
        }
        func flush() {}
    }

    /// A clock 200 ms on at its fourth reading, 10 ms at each other: the second thing timed by
    /// it takes 200 ms, every other one 10 ms.
    final class SteppingClock: HostClock {
        let readings = Mutex<(count: Int, at: Int64)>((0, 0))
        var isVirtual: Bool { true }
        func now() -> HostTime {
            HostTime(nanoseconds: readings.withLock { r in
                r.count += 1
                r.at += r.count == 4 ? 200_000_000 : 10_000_000
                return r.at
            })
        }
        func advance(to time: HostTime) {}
    }

    let world = SubtitleOverlayTests.World()

    func overlay(_ sink: any VideoSink, track: SubtitleTrackText, clock: any HostClock) -> SubtitleOverlay {
        SubtitleOverlay(size: SubtitleOverlayTests.size, font: TextStyle.defaultFont, marginPercent: 5, sink: sink,
                        moment: { [world] in world.moment.withLock { $0 } }, load: { _ in .success(.whole(track)) },
                        log: { _ in }, clock: clock)
    }

    func at(_ ms: Int64, _ o: SubtitleOverlay) -> Int64 {
        world.moment.withLock { $0 = SubtitleMoment(track: "film", milliseconds: ms, rate: 1) }
        return o.tick()
    }

    @Test func aDisplayThatAsksForMoreLeadGetsTheChangeThatMuchSooner() {
        // The cue at 500 ms: a tenth ahead is 400 ms; with a display asking for 180 ms, 320 ms.
        let sink = SlowSink(lead: 180_000_000)
        let o = overlay(sink, track: SubtitleOverlayTests.track, clock: VirtualClock())
        _ = at(0, o)
        #expect(at(300, o) == 20_000_000)
        #expect(sink.inked.withLock { $0 } == [false])
        _ = at(320, o)
        #expect(sink.inked.withLock { $0 } == [false, true])
    }

    @Test func picturesAreDrawnOnceAtLoadAndTheirTimeAddsToTheLead() {
        // The bitmap track's first picture drawn at load is the first thing timed (10 ms), the
        // clear picture drawn after it the second (200 ms): the cue at 500 ms is drawn 200 ms
        // ahead, at 300 ms, not 400. Without the load's drawing the 200 ms would be the cue's.
        let sink = SlowSink(lead: 0)
        let o = overlay(sink, track: BitmapSubtitleOverlayTests.track(canvas: PixelSize(width: 160, height: 90)), clock: SteppingClock())
        _ = at(0, o)
        #expect(at(300, o) == SubtitleTiming.longest)
        #expect(sink.inked.withLock { $0 } == [false, true])
    }
}
