import Foundation
import Testing
import Playhead
import PlayheadFFmpeg
import PlayheadTestSupport

/// Real clips joined without a gap: every sample of every item reaches the sink once, none
/// inserted, whether the item's rate is the sink's or converted (gapless_*.mkv: two seconds of
/// a 1 kHz tone in PCM, at 48 and 44.1 kHz, from `make media`).
@Suite(.timeLimit(.minutes(2))) struct GaplessPlaybackTests {
    static let media = FFmpegPlaybackTests.media

    @Test func aQueueOfClipsWritesEachItemsSamplesOnce() async throws {
        try #require(FileManager.default.fileExists(atPath: "\(Self.media)/gapless_44k.mkv"),
                     "\(Self.media) is missing its clips: run `make media` (make test does)")
        let clock = VirtualClock()
        let audio = RecordingAudioSink(clock: clock, route: nil)
        let names = ["gapless_48k.mkv", "gapless_44k.mkv", "gapless_48k.mkv"]
        let h = PlayerHarness(urls: names.map { "\(Self.media)/\($0)" }, backend: FFmpegBackend(), clock: clock, audio: audio, stepped: false)
        h.player.play()
        #expect(await h.waitUntilQueueEnds(seconds: 60))
        // Thrown away only when the first item starts: never between items, and the queue's
        // end lets the device play its last sound out.
        #expect(audio.flushes == 1)
        // Each item is 2 s: 96000 frames at the sink's 48 kHz.
        #expect(audio.framesRecorded == 3 * 96000)
        #expect(!audio.runs.contains { $0.value == 0 && $0.count > 2 * audio.format.channels },
                "silence inserted: \(audio.runs.filter { $0.value == 0 && $0.count > 4 }.map(\.count))")
    }

    @Test func aClipLoopedOnItsOwnIsReadAgainWithoutAGap() async throws {
        try #require(FileManager.default.fileExists(atPath: "\(Self.media)/gapless_48k.mkv"),
                     "\(Self.media) is missing its clips: run `make media` (make test does)")
        let clock = VirtualClock()
        let audio = RecordingAudioSink(clock: clock, route: nil)
        let h = PlayerHarness(urls: ["\(Self.media)/gapless_48k.mkv"], backend: FFmpegBackend(), clock: clock, audio: audio,
                              stepped: false)
        h.player.setLooping(true)
        h.player.play()
        // A source closed at each join would be closed under the pass that reads it again.
        #expect(await h.waitFor(seconds: 60) { $0.filter { $0.name == "didPlayToEndTime" }.count >= 3 })
        h.player.pause()
        #expect(!h.eventNames.contains("failedToPlayToEndTime"))
        // Thrown away only when the first pass starts; each pass's 96000 frames follow the last.
        #expect(audio.flushes == 1)
        #expect(audio.framesRecorded >= 3 * 96000)
        #expect(!audio.runs.contains { $0.value == 0 && $0.count > 2 * audio.format.channels },
                "silence inserted: \(audio.runs.filter { $0.value == 0 && $0.count > 4 }.map(\.count))")
        // Each pass's pictures run from its start, a frame apart on the timeline.
        let due = h.video.frames.map(\.due)
        #expect(due.count >= 3 * 60)
        #expect(zip(due, due.dropFirst()).allSatisfy { $1 - $0 > 0 && $1 - $0 < 70_000_000 },
                "\(zip(due, due.dropFirst()).map { $1 - $0 }.filter { $0 <= 0 || $0 >= 70_000_000 })")
        h.player.shutdown()
    }
}
