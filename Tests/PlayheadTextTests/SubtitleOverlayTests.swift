import PlayheadCore
@testable import PlayheadText
import Synchronization
import Testing

/// A subtitle layer stepped by hand (its thread's `tick`), with the player's moment and the
/// track given: what it hands to its sink, and when it looks again. No sleeping.
@Suite struct SubtitleOverlayTests {
    final class Sink: VideoSink {
        let name = "test"
        let frames = Mutex<[(frame: VideoFrame, due: HostTime)]>([])
        func present(_ frame: VideoFrame, dueAt hostTime: HostTime) { frames.withLock { $0.append((frame, hostTime)) } }
        func flush() {}
        /// Whether each picture handed over has any ink.
        var inked: [Bool] {
            frames.withLock { $0.map { ($0.frame.picture as! TextPicture).pixels.contains { $0 != 0 } } }
        }
    }

    static let size = PixelSize(width: 320, height: 180)
    static let track: SubtitleTrackText = {
        var s = SubtitleSchedule()
        s.add(SubtitleCue(startMilliseconds: 500, durationMilliseconds: 1500, dialogue: "0,0,Default,,0,0,0,,Hello"))
        return SubtitleTrackText(header: SubtitleDrawingTests.header, schedule: s, codec: "subrip")
    }()

    /// What the overlay is given and what it said.
    final class World: Sendable {
        let moment = Mutex<SubtitleMoment?>(nil)
        let loads = Mutex<[String]>([])
        let logged = Mutex<[String]>([])
    }

    let sink = Sink()
    let world = World()

    func overlay() -> SubtitleOverlay {
        SubtitleOverlay(size: Self.size, font: TextStyle.defaultFont, marginPercent: 5, sink: sink,
                        moment: { [world] in world.moment.withLock { $0 } },
                        load: { [world] key in
                            world.loads.withLock { $0.append(key) }
                            return key == "film" ? .success(.whole(Self.track)) : .failure(PlaybackError(.readFailed, "\(key): damaged"))
                        },
                        log: { [world] line in world.logged.withLock { $0.append(line) } }, clock: VirtualClock())
    }

    @Test func aCueIsHandedOverAheadAndClearedAtItsEnd() {
        let o = overlay()
        #expect(o.tick() == SubtitleTiming.longest)
        #expect(sink.inked.isEmpty && world.loads.withLock { $0 }.isEmpty)
        // Loaded at once, a clear picture first; the next look a lead before the cue.
        world.moment.withLock { $0 = SubtitleMoment(track: "film", milliseconds: 0, rate: 1) }
        #expect(o.tick() == SubtitleTiming.longest)
        world.moment.withLock { $0 = SubtitleMoment(track: "film", milliseconds: 350, rate: 1) }
        #expect(o.tick() == 50_000_000)
        #expect(sink.inked == [false])
        world.moment.withLock { $0 = SubtitleMoment(track: "film", milliseconds: 400, rate: 1) }
        _ = o.tick()
        #expect(sink.inked == [false, true])
        // Every picture is one the display must not drop for lateness.
        #expect(sink.frames.withLock { $0.allSatisfy(\.frame.showsEvenLate) })
        world.moment.withLock { $0 = SubtitleMoment(track: "film", milliseconds: 1950, rate: 1) }
        _ = o.tick()
        #expect(sink.inked == [false, true, false])
        #expect(world.loads.withLock { $0 } == ["film"])
    }

    @Test func noChoiceClearsAndATrackThatCannotBeReadIsSaidOnce() {
        let o = overlay()
        world.moment.withLock { $0 = SubtitleMoment(track: "film", milliseconds: 1000, rate: 1) }
        _ = o.tick()
        #expect(sink.inked == [true])
        world.moment.withLock { $0 = nil }
        _ = o.tick()
        #expect(sink.inked == [true, false])
        world.moment.withLock { $0 = SubtitleMoment(track: "broken", milliseconds: 1000, rate: 1) }
        #expect(o.tick() == SubtitleTiming.longest)
        _ = o.tick()
        #expect(world.logged.withLock { $0 } == ["subtitles: broken: damaged; none shown for it"])
        #expect(sink.inked == [true, false])
    }

    @Test func aTextTrackWithCuesLeftOutIsStillDrawnAsText() {
        var schedule = SubtitleSchedule(capacity: 1)
        schedule.add(SubtitleCue(startMilliseconds: 500, durationMilliseconds: 1500, dialogue: "0,0,Default,,0,0,0,,Hello"))
        schedule.add(SubtitleCue(startMilliseconds: 2500, durationMilliseconds: 1000, dialogue: "1,0,Default,,0,0,0,,World"))
        let track = SubtitleTrackText(header: SubtitleDrawingTests.header, schedule: schedule, codec: "subrip")
        let o = SubtitleOverlay(size: Self.size, font: TextStyle.defaultFont, marginPercent: 5, sink: sink,
                                moment: { [world] in world.moment.withLock { $0 } }, load: { _ in .success(.whole(track)) },
                                log: { [world] line in world.logged.withLock { $0.append(line) } }, clock: VirtualClock())
        world.moment.withLock { $0 = SubtitleMoment(track: "film", milliseconds: 1000, rate: 1) }
        _ = o.tick()
        #expect(sink.inked == [true])
        #expect(world.logged.withLock { $0 }.count == 1)
    }
}
