import Testing
import Playhead
import PlayheadTestSupport
@testable import PlayheadFFmpeg

/// Streams whose own clock jumps (gen-media.sh): two 2 s MPEG-TS recordings joined, the second's
/// clock 100 s on, and an HLS playlist whose second segment follows a discontinuity 50 s on. The
/// pictures and the sound go on at the join, the item's time follows on, and the join is marked
/// once for the engine to announce.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ClockJumpTests {
    static let media = FFmpegPlaybackTests.media
    static let frame = MediaTime(value: 1, timescale: 25)

    static func pullAll(_ path: String) async throws -> (pictures: [VideoFrame], sound: [AudioBuffer], failure: String?) {
        let source = try FFmpegBackend().open(MediaLocation("\(media)/\(path)"), options: SourceOptions())
        defer { source.close() }
        let wake = SourceWake()
        source.start(wake: wake.call)
        var pictures: [VideoFrame] = [], sound: [AudioBuffer] = []
        var videoEnded = false, soundEnded = false, failure: String?
        _ = await wake.wait {
            while true {
                var got = false
                if !videoEnded {
                    switch source.pullVideo() {
                    case .element(let f): pictures.append(f); got = true
                    case .endOfStream: videoEnded = true
                    case .failed(let e): failure = e.message; return true
                    case .pending: break
                    }
                }
                if !soundEnded {
                    switch source.pullAudio() {
                    case .element(let b): sound.append(b); got = true
                    case .endOfStream: soundEnded = true
                    case .failed(let e): failure = e.message; return true
                    case .pending: break
                    }
                }
                if videoEnded && soundEnded { return true }
                if !got { return false }
            }
        }
        return (pictures, sound, failure)
    }

    @Test(arguments: ["clock_jump.ts", "hls_discontinuity/index.m3u8"])
    func theTimelineFollowsOnAcrossTheJump(_ path: String) async throws {
        let (pictures, sound, failure) = try await Self.pullAll(path)
        #expect(failure == nil, "\(failure ?? "")")
        #expect(pictures.count == 100, "\(pictures.count) pictures")
        let steps = Set(zip(pictures, pictures.dropFirst()).map { $0.1.pts - $0.0.pts })
        #expect(steps == [Self.frame], "steps between pictures: \(steps.map(\.secondsText))")
        // The first picture of the second recording, and only it.
        let marked = pictures.indices.filter { pictures[$0].followsClockJump }
        #expect(marked == [50], "marked: \(marked.map { pictures[$0].pts.secondsText })")
        // The sound runs on too: no gap or overlap over 30 ms, and it ends with the pictures.
        let gaps = zip(sound, sound.dropFirst()).map { $0.1.pts - $0.0.end }
        let thirty = MediaTime(value: 3, timescale: 100)
        #expect(gaps.allSatisfy { $0 <= thirty && MediaTime.zero - $0 <= thirty }, "largest: \(gaps.max()?.secondsText ?? "-")")
        #expect(sound.last.map { $0.end < MediaTime(value: 5, timescale: 1) } == true)
        #expect(!sound.contains { $0.followsClockJump }, "the pictures carry the mark")
    }

    @Test func aPlayerAnnouncesTheJumpOnceAndPlaysToTheEnd() async throws {
        let h = PlayerHarness(urls: ["\(Self.media)/clock_jump.ts"], backend: FFmpegBackend(), stepped: false)
        h.player.play()
        #expect(await h.waitUntilQueueEnds(seconds: 60))
        let jumps = h.events.filter { $0.name == "timeJumped" }
        // At the second recording's first picture, 50 pictures after the first one.
        #expect(jumps.count == 1 && jumps.allSatisfy { abs($0.time.seconds - 2.02) < 0.01 }, "\(jumps.map(\.time.secondsText))")
        let end = h.events.first { $0.name == "didPlayToEndTime" }
        #expect(end.map { $0.time < MediaTime(value: 5, timescale: 1) } == true, "ended at \(end?.time.secondsText ?? "never")")
        #expect(!h.events.contains { $0.name == "failedToPlayToEndTime" })
    }
}
