import Foundation
import Testing
import Playhead
import PlayheadFFmpeg
import PlayheadTestSupport

/// Real clips at rate 2 through the engine with the atempo stretcher, on a virtual clock.
@Suite(.timeLimit(.minutes(2))) struct StretchedPlaybackTests {
    struct Run {
        let h: PlayerHarness
        let sink: RecordingAudioSink
        let elapsed: Int64
    }

    func play(_ name: String, rate: Double) async throws -> Run {
        let path = "\(FFmpegPlaybackTests.media)/\(name)"
        try #require(FileManager.default.fileExists(atPath: path), "run `make media` first")
        let clock = VirtualClock()
        let sink = RecordingAudioSink(clock: clock, route: nil)
        let h = PlayerHarness(urls: [path], backend: FFmpegBackend(), clock: clock, audio: sink,
                              timeStretcher: FFmpegTimeStretcher.factory, stepped: false)
        let start = clock.now()
        h.player.rate = rate
        #expect(await h.waitUntilQueueEnds(seconds: 60))
        return Run(h: h, sink: sink, elapsed: clock.now() - start)
    }

    /// The first channel of everything written, from the sink's runs.
    func firstChannel(_ sink: RecordingAudioSink) -> [Float] {
        var all: [Float] = []
        for run in sink.runs { all.append(contentsOf: repeatElement(run.value, count: run.count)) }
        return stride(from: 0, to: all.count, by: sink.format.channels).map { all[$0] }
    }

    @Test func toneAtRateTwoKeepsItsPitchAndTakesHalfTheTime() async throws {
        let r = try await play("tone.wav", rate: 2)
        // 2 s of sound: about 1 s of device frames, and the clock took as long.
        let frames = r.sink.framesRecorded
        #expect(abs(frames - 48_000) < 480, "\(frames) frames written")
        #expect(abs(r.elapsed - 1_000_000_000) < 20_000_000, "ended after \(r.elapsed) ns")
        let samples = firstChannel(r.sink).dropFirst(2400).dropLast(2400)
        let crossings = zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        let hz = Double(crossings) / 2 / (Double(samples.count) / 48_000)
        #expect(abs(hz - 1000) < 10, "\(hz) Hz")
        #expect(!r.h.eventNames.contains("newErrorLogEntry"))
    }

    @Test func pictureFollowsTheStretchedSound() async throws {
        let r = try await play("h264_aac.mp4", rate: 2)
        let frames = r.h.video.frames
        #expect(frames.count == 50)
        // 25 fps at rate 2: a frame every 20 ms of clock, which follows the sound heard.
        let steps = zip(frames, frames.dropFirst()).map { $0.1.due - $0.0.due }
        #expect(steps.allSatisfy { abs($0 - 20_000_000) <= 2_000_000 }, "\(Set(steps))")
        #expect(abs(r.elapsed - 1_000_000_000) < 40_000_000, "ended after \(r.elapsed) ns")
        #expect(abs(r.sink.framesRecorded - 48_000) < 960, "\(r.sink.framesRecorded) frames written")
    }
}
