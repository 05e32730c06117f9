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

    func play(_ names: [String]) async -> PlayerHarness {
        let h = PlayerHarness(urls: names.map { "\(Self.media)/\($0)" }, backend: FFmpegBackend())
        h.player.play()
        #expect(await h.waitUntilQueueEnds(seconds: 60), "queue did not end; run `make media` first")
        return h
    }

    @Test(arguments: ["h264_aac.mp4", "vp9_opus.webm", "mpeg2_mp2.ts", "video_only.mp4"])
    func playsEveryFrameOfATwoSecondClip(_ name: String) async {
        let h = await play([name])
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

    @Test func audioOnlyPlaysToEnd() async {
        let h = await play(["audio_only.mp3"])
        #expect(h.video.frames.isEmpty)
        let end = h.events.first { $0.name == "didPlayToEndTime" }
        #expect(end != nil)
        #expect(end.map { $0.time >= MediaTime(value: 19, timescale: 10) } == true)
    }

    @Test func badInputsFailWithClearErrorsAndTheQueueGoesOn() async {
        let h = await play(["missing.mp4", "not_media.mp4", "truncated.mp4", "h264_aac.mp4"])
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

    @Test func refusedConnectionFailsFast() async {
        let start = ContinuousClock.now
        let r = PlayerHarness(urls: ["http://127.0.0.1:9/clip.mp4"], backend: FFmpegBackend())
        r.player.play()
        #expect(await r.waitUntilQueueEnds(seconds: 15))
        #expect(ContinuousClock.now - start < .seconds(15))
        #expect(r.events.contains { if case .failedToPlayToEndTime(let e) = $0.kind { return e.code == .connectionFailed }; return false })
    }
}
