import Foundation
import PlayheadCore
import PlayheadFFmpeg
import PlayheadTestSupport
import Testing

/// The inputs of Tests/Fuzz/regressions whose numbers overflowed Int64 in playhead's timing
/// (made by scripts/gen-fuzz-corpus.py): a time that does not fit is unknown, never a trap.
@Suite(.timeLimit(.minutes(1))) struct ExtremeTimingTests {
    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fuzz/regressions").standardizedFileURL.path

    /// A track with no blocks gets the container's duration in its own time base from FFmpeg:
    /// 2e10 ticks of 4.29 s, which times the time base's numerator (858993459) is past Int64.
    @Test func aStreamDurationPastInt64IsIndefinite() throws {
        let path = "\(Self.regressions)/mediainforeader-stream-duration-times-numerator.mkv"
        let probe = try FFmpegBackend().probe(try MediaLocation(path), options: SourceOptions())
        defer { probe.close() }
        #expect(probe.info.tracks.count == 3)
        for track in probe.info.tracks {
            #expect(track.duration == .indefinite, "track \(track.trackID): \(track.duration)")
        }
        // The container's own duration does fit (in microseconds), and is kept.
        #expect(probe.info.duration.isNumeric && probe.info.duration > MediaTime(value: 85_000_000_000, timescale: 1))
    }

    /// Blocks that each claim 2^63-1 ticks of a 1.07 s time base: each frame's length is the
    /// gap to the next one, the last one's the stream's frame duration, all of them numbers.
    @Test func aFrameDurationPastInt64FallsBackToTheFrameRate() async throws {
        let path = "\(Self.regressions)/videodecode-frame-duration-times-numerator.mkv"
        let source = try FFmpegBackend().open(try MediaLocation(path), options: SourceOptions(decodeThreads: 1))
        defer { source.close() }
        let wake = SourceWake()
        source.start(wake: wake.call)
        var frames: [VideoFrame] = []
        pulling: while true {
            switch await wake.next({ source.pullVideo() }) {
            case .element(let frame): frames.append(frame)
            case .pending: Issue.record("no frame within \(Occurrences.bound)"); break pulling
            case .endOfStream: break pulling
            case .failed(let error): Issue.record("failed: \(error.message)"); break pulling
            }
        }
        #expect(frames.count == 3)
        for frame in frames {
            #expect(frame.pts.isNumeric && frame.duration.isNumeric && frame.duration > .zero, "\(frame.pts) for \(frame.duration)")
        }
    }
}
