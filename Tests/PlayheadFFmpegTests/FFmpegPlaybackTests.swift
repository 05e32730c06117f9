import Foundation
import Testing
import Playhead
import PlayheadFFmpeg
import PlayheadTestSupport

/// Real files made by `make media` (scripts/gen-media.sh), played untimed through FFmpeg.
@Suite(.timeLimit(.minutes(2))) struct FFmpegPlaybackTests {
    static let media: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/build/media"
    }()

    func play(_ names: [String]) async throws -> PlayerHarness {
        // Without the generated clips every test below would fail in confusing ways; say why once.
        try #require(FileManager.default.fileExists(atPath: "\(Self.media)/h264_aac.mp4"),
                     "\(Self.media) is missing its clips: run `make media` (make test does)")
        let h = PlayerHarness(urls: names.map { "\(Self.media)/\($0)" }, backend: FFmpegBackend(), stepped: false)
        h.player.play()
        #expect(await h.waitUntilQueueEnds(seconds: 60), "queue did not end; run `make media` first")
        return h
    }

    @Test(arguments: ["h264_aac.mp4", "vp9_opus.webm", "mpeg2_mp2.ts", "video_only.mp4"])
    func playsEveryFrameOfATwoSecondClip(_ name: String) async throws {
        let h = try await play([name])
        let frames = h.video.frames
        #expect(frames.count == 50)
        // Item time starts at the container's start (MPEG-TS starts at 1.4 s); the first
        // picture may come a little after the first sound.
        let first = frames.first?.pts ?? .invalid
        #expect(first >= .zero && first < MediaTime(value: 1, timescale: 25), "first frame at \(first)")
        // Frames come in presentation order (B-frames reordered) 40 ms apart.
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(b.pts - a.pts == MediaTime(value: 1, timescale: 25)) }
        #expect(h.eventNames.contains("didPlayToEndTime"))
    }

    @Test func audioOnlyPlaysToEnd() async throws {
        let h = try await play(["audio_only.mp3"])
        #expect(h.video.frames.isEmpty)
        let end = h.events.first { $0.name == "didPlayToEndTime" }
        #expect(end != nil)
        #expect(end.map { $0.time >= MediaTime(value: 19, timescale: 10) } == true)
    }

    @Test func badInputsFailWithClearErrorsAndTheQueueGoesOn() async throws {
        let h = try await play(["missing.mp4", "not_media.mp4", "truncated.mp4", "h264_aac.mp4"])
        let errors = h.events.compactMap { e -> PlaybackError? in
            if case .failedToPlayToEndTime(let error) = e.kind { return error }
            return nil
        }
        #expect(errors.count == 3, "\(h.events.map { "\($0.name) \($0.item?.asset.url ?? "-")" })")
        #expect(errors.first?.code == .fileNotFound)
        #expect(errors.dropFirst().first?.code == .notMedia)
        #expect(errors.last?.message.contains("truncated") == true, "\(errors.last?.message ?? "")")
        #expect(errors.allSatisfy { $0.message.contains(".mp4") })
        #expect(h.events.filter { $0.name == "didPlayToEndTime" }.count == 1)
    }

    @Test func refusedConnectionFailsFast() async throws {
        let r = PlayerHarness(urls: ["http://127.0.0.1:9/clip.mp4"], backend: FFmpegBackend(), stepped: false)
        r.player.play()
        #expect(await r.waitUntilQueueEnds(seconds: 30))
        // Refused, not timed out: the open did not sit out the network timeout. (No wall-clock
        // bound here: a loaded machine stretches any test.)
        #expect(r.events.contains { if case .failedToPlayToEndTime(let e) = $0.kind { return e.code == .connectionFailed }; return false })
    }

    @Test func variableFrameRateKeepsEachFramesOwnTime() async throws {
        let h = try await play(["vfr.mkv"])
        let frames = h.video.frames
        #expect(frames.count == 50)
        let steps = zip(frames, frames.dropFirst()).map { $0.1.pts - $0.0.pts }
        #expect(steps.prefix(24).allSatisfy { $0 == MediaTime(value: 40, timescale: 1000) })
        #expect(steps.suffix(24).allSatisfy { $0 == MediaTime(value: 80, timescale: 1000) })
        // Shown at their times: the host time between frames follows the media time.
        let dues = zip(frames, frames.dropFirst()).map { $0.1.due - $0.0.due }
        #expect(dues.prefix(24).allSatisfy { $0 == 40_000_000 } && dues.suffix(24).allSatisfy { $0 == 80_000_000 })
    }

    @Test func audioLongerThanVideoPlaysToTheEndOfTheSound() async throws {
        let h = try await play(["short_video.mp4", "h264_aac.mp4"])
        let ends = h.events.filter { $0.name == "didPlayToEndTime" }
        #expect(ends.count == 2)
        // The first item ends with its sound at 2 s, not with its picture at 1 s.
        #expect(ends.first.map { $0.time >= MediaTime(value: 195, timescale: 100) } == true)
        #expect(h.video.frames.count == 75)
        // The second item's first frame follows at the first item's end, not after its last frame.
        try #require(h.video.frames.count > 25)
        let second = h.video.frames[25]
        let lastOfFirst = h.video.frames[24]
        #expect(second.due - lastOfFirst.due >= 1_000_000_000)
    }

    @Test func hlsPlaysFromAFileAndOverHTTP() async throws {
        let local = try await play(["hls/index.m3u8"])
        #expect(local.video.frames.count == 50)
        #expect(local.eventNames.contains("didPlayToEndTime"))
        let server = try #require(await StaticHTTPServer.start(root: Self.media), "python3 http.server did not start")
        defer { server.stop() }
        let h = PlayerHarness(urls: ["\(server.base)/hls/index.m3u8", "\(server.base)/h264_aac.mp4"], backend: FFmpegBackend(), stepped: false)
        h.player.play()
        #expect(await h.waitUntilQueueEnds(seconds: 60))
        #expect(h.video.frames.count == 100)
        #expect(h.events.filter { $0.name == "didPlayToEndTime" }.count == 2)
    }

    @Test func deadServerFailsTheItemAndTheQueueGoesOn() async throws {
        let server = try #require(await StaticHTTPServer.start(root: Self.media))
        let url = "\(server.base)/h264_aac.mp4"
        server.stop()
        let h = PlayerHarness(urls: [url, "\(Self.media)/h264_aac.mp4"], backend: FFmpegBackend(), stepped: false)
        h.player.play()
        #expect(await h.waitUntilQueueEnds(seconds: 30))
        #expect(h.events.contains { if case .failedToPlayToEndTime(let e) = $0.kind { return e.message.contains(url) }; return false })
        #expect(h.events.filter { $0.name == "didPlayToEndTime" }.count == 1)
    }
}
