import PlayheadCore
@testable import PlayheadText
import Synchronization
import Testing

/// A subtitle layer whose track is fed as the item plays (a film's own stream): it reads a
/// window ahead of the player, draws what came, and reads again from before a seek's target,
/// forgetting what it had. Stepped by hand; the feed is a fake that hands out one cue every 30 s
/// (each with its own read order, as FFmpeg's decoders number them: libass keeps one event of each).
@Suite struct SubtitleOverlayFeedTests {
    /// Cues "Cue N" at N*30 s + 500 ms, 1.5 s each; the reads and restarts asked of it.
    final class Feed: SubtitleCueFeed {
        let header = SubtitleDrawingTests.header
        let codec = "subrip"
        let isBitmap = false
        let calls = Mutex<[String]>([])
        let next = Mutex<Int64>(0)

        func read(until milliseconds: Int64) throws(PlaybackError) -> SubtitleFeedRead {
            calls.withLock { $0.append("read \(milliseconds)") }
            return next.withLock { n in
                var cues: [SubtitleCue] = []
                while true {
                    let start = n * 30_000 + 500
                    cues.append(SubtitleCue(startMilliseconds: start, durationMilliseconds: 1500, dialogue: "\(n),0,Default,,0,0,0,,Cue \(n)"))
                    n += 1
                    if start > milliseconds { return SubtitleFeedRead(cues: cues, lastStart: start, ended: false) }
                }
            }
        }

        func abort() { calls.withLock { $0.append("abort") } }

        func restart(at milliseconds: Int64) throws(PlaybackError) {
            calls.withLock { $0.append("restart \(milliseconds)") }
            next.withLock { $0 = max(0, (milliseconds - 500) / 30_000) }
        }
    }

    let sink = SubtitleOverlayTests.Sink()
    let world = SubtitleOverlayTests.World()
    let feed = Feed()

    func overlay() -> SubtitleOverlay {
        SubtitleOverlay(size: SubtitleOverlayTests.size, font: TextStyle.defaultFont, marginPercent: 5, sink: sink,
                        moment: { [world] in world.moment.withLock { $0 } }, load: { [feed] _ in .success(.feed(feed)) },
                        log: { [world] line in world.logged.withLock { $0.append(line) } }, clock: VirtualClock())
    }

    func at(_ milliseconds: Int64, _ o: SubtitleOverlay) {
        world.moment.withLock { $0 = SubtitleMoment(track: "film", milliseconds: milliseconds, rate: 0) }
        _ = o.tick()
    }

    @Test func cuesAreReadAWindowAheadAndDrawnAsTheyCome() {
        let o = overlay()
        at(0, o)
        // One read for the first 20 s: it hands on the cue at 0.5 s and the one at 30.5 s. A
        // clear picture first, as for a track read whole.
        #expect(feed.calls.withLock { $0 } == ["read 20000"])
        #expect(sink.inked == [false])
        at(1000, o)
        #expect(sink.inked == [false, true])
        // 30.5 s is known: nothing is read until less than 10 s of it is left.
        at(20_000, o)
        #expect(feed.calls.withLock { $0 } == ["read 20000"])
        at(21_000, o)
        #expect(feed.calls.withLock { $0 } == ["read 20000", "read 41000"])
        at(31_000, o)
        #expect(sink.inked == [false, true, false, true])
        #expect(world.logged.withLock { $0 }.isEmpty)
    }

    @Test func aSeekFarAheadReadsFromBeforeItAndForgetsWhatWasRead() {
        let o = overlay()
        at(1000, o)
        #expect(sink.inked == [true])
        at(300_700, o)
        #expect(feed.calls.withLock { $0 } == ["read 21000", "restart 290700", "read 320700"])
        // The cue at 300.5 s is drawn; the one at 0.5 s is no longer known.
        #expect(sink.inked == [true, true])
        at(1000, o)
        #expect(feed.calls.withLock { $0 }.suffix(2) == ["restart 0", "read 21000"])
        #expect(sink.inked.last == true)
    }
}
