import Foundation
import Testing
import Playhead
import PlayheadFFmpeg
import PlayheadSys
import PlayheadTestSupport

/// The public player on a real file, untimed: exact seeks land on the frame at the target and
/// show ffmpeg's picture of it; tracks switched off while playing stop reaching the outputs.
@Suite(.timeLimit(.minutes(2))) struct FFmpegPlayerControlTests {
    static let media = FFmpegPlaybackTests.media
    static let clip = "\(media)/h264_aac.mp4"
    /// h264_aac.mp4 has a keyframe every 12 frames at 25 fps: 0.68 s is frame 17, five after one.
    static let target = MediaTime(value: 68, timescale: 100)

    static func frame(_ n: Int) -> MediaTime { MediaTime(value: Int64(n), timescale: 25) }

    func requireMedia() throws {
        try #require(FileManager.default.fileExists(atPath: "\(Self.media)/h264_frame17.bgr0"),
                     "\(Self.media) is missing its clips: run `make media` (make test does)")
    }

    /// How close `picture`, converted, is to ffmpeg's frame 17 (`ffmpeg -ss 0.68 ... bgr0`).
    func psnrAgainstFrame17(_ picture: any VideoPicture) throws -> Double {
        let canvas = MappedCanvas(format: .xrgb8888, size: picture.size, bytesPerPixel: 4)
        try picture.draw(PixelRect(size: picture.size), into: canvas, at: PixelRect(size: picture.size))
        let reference = try Data(contentsOf: URL(fileURLWithPath: "\(Self.media)/h264_frame17.bgr0"))
        try #require(reference.count == canvas.count)
        return PictureDrawingTests.psnr(canvas.withUnsafeMutableBytes { Array($0) }, Array(reference))
    }

    func videoTrack(_ h: PlayerHarness) -> PlayerItemTrack? {
        h.player.currentItem?.tracks.first { $0.mediaType == .video }
    }

    func audioTrack(_ h: PlayerHarness) -> PlayerItemTrack? {
        h.player.currentItem?.tracks.first { $0.mediaType == .audio }
    }

    @Test func exactSeekBeforePlayStartsAtTheFrameOfTheTarget() async throws {
        try requireMedia()
        let h = PlayerHarness(urls: [Self.clip], backend: FFmpegBackend(), keepsPictures: true, stepped: false)
        // Like `playhead --start` (seek, then play, without waiting), but exact.
        h.player.seek(to: Self.target, toleranceBefore: .zero, toleranceAfter: .zero, completion: nil)
        h.player.play()
        #expect(await h.waitUntilQueueEnds(seconds: 60))
        #expect(h.video.frames.map(\.pts) == (17..<50).map(Self.frame))
        let first = try #require(h.video.pictures.first)
        let psnr = try psnrAgainstFrame17(first)
        #expect(psnr >= 35, "PSNR \(psnr) dB against ffmpeg's frame 17")
    }

    @Test func exactSeekWhilePlayingShowsTheFrameOfTheTargetNext() async throws {
        try requireMedia()
        let h = PlayerHarness(urls: [Self.clip], backend: FFmpegBackend(), keepsPictures: true, stepped: false)
        // At the frame at 1.2 s, once: the engine takes the seek before its next pass.
        let player = h.player, video = h.video
        video.onPresent { entry in
            guard entry.pts == Self.frame(30) else { return }
            video.onPresent(nil)
            player.seek(to: Self.target, toleranceBefore: .zero, toleranceAfter: .zero, completion: nil)
        }
        h.player.play()
        #expect(await h.waitUntilQueueEnds(seconds: 60))
        let times = h.video.frames.map(\.pts)
        let back = try #require(times.indices.dropFirst().first { times[$0] < times[$0 - 1] }, "no seek back: \(times)")
        #expect(Array(times[..<back].prefix(31)) == (0...30).map(Self.frame))
        #expect(Array(times[back...]) == (17..<50).map(Self.frame))
        let psnr = try psnrAgainstFrame17(h.video.pictures[back])
        #expect(psnr >= 35, "PSNR \(psnr) dB against ffmpeg's frame 17")
    }

    @Test func soundSwitchedOffWhilePlayingStopsAndComesBackOn() async throws {
        try requireMedia()
        let clock = VirtualClock()
        let sound = RecordingAudioSink(clock: clock, route: nil)
        let h = PlayerHarness(urls: [Self.clip], backend: FFmpegBackend(), clock: clock, audio: sound, stepped: false)
        let audio = SharedValue<PlayerItemTrack?>(nil)
        let heardAtOff = SharedValue<Int?>(nil), heardAtOn = SharedValue<Int?>(nil)
        // Off at the frame at 0.8 s and on again at the one at 1.2 s, once each; the engine
        // takes each switch before its next pass.
        h.video.onPresent { entry in
            if entry.pts == Self.frame(20), heardAtOff.get == nil {
                heardAtOff.set(sound.framesRecorded)
                audio.get?.isEnabled = false
            } else if entry.pts == Self.frame(30), heardAtOn.get == nil {
                heardAtOn.set(sound.framesRecorded)
                audio.get?.isEnabled = true
            }
        }
        #expect(await h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        let track = try #require(audioTrack(h))
        audio.set(track)
        h.player.play()
        #expect(await h.waitUntilQueueEnds(seconds: 60))
        #expect(h.eventNames.contains("didPlayToEndTime"))
        let off = try #require(heardAtOff.get), on = try #require(heardAtOn.get)
        #expect(off > 0)
        #expect(on == off, "\(on - off) sound frames written while the sound was off")
        // Back on at 1.2 s: the 0.8 s to the end (48 kHz), starting with the first decoded
        // buffer, up to a tenth of a second before (SoundPlacement.start), less the edges.
        let after = sound.framesRecorded - on
        #expect(after > 36_000 && after <= 38_400 + 4_800, "\(after) sound frames after switching back on")
        #expect(h.video.frames.last?.pts == Self.frame(49))
    }

    @Test func pictureSwitchedOffWhilePlayingStopsAndTheSoundPlaysToTheEnd() async throws {
        try requireMedia()
        let clock = VirtualClock()
        let sound = RecordingAudioSink(clock: clock, route: nil)
        let h = PlayerHarness(urls: [Self.clip], backend: FFmpegBackend(), clock: clock, audio: sound, stepped: false)
        let video = SharedValue<PlayerItemTrack?>(nil)
        h.video.onPresent { entry in
            if entry.pts == Self.frame(20) { video.get?.isEnabled = false }
        }
        #expect(await h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        let track = try #require(videoTrack(h))
        video.set(track)
        h.player.play()
        #expect(await h.waitUntilQueueEnds(seconds: 60))
        #expect(h.video.frames.map(\.pts) == (0...20).map(Self.frame))
        #expect(h.eventNames.contains("didPlayToEndTime"))
        // The whole 2 s of sound at 48 kHz, less the AAC encoder's last partial frame at most.
        #expect(sound.framesRecorded > 94_000, "\(sound.framesRecorded) sound frames")
    }

    @Test func pictureSwitchedBackOnWhilePlayingComesBackWhereThePlayerIs() async throws {
        try requireMedia()
        let clock = VirtualClock()
        let sound = RecordingAudioSink(clock: clock, route: nil)
        let h = PlayerHarness(urls: [Self.clip], backend: FFmpegBackend(), clock: clock, audio: sound, stepped: false)
        let video = SharedValue<PlayerItemTrack?>(nil)
        let switchedOff = SharedValue(false), shownAtOn = SharedValue<Int?>(nil)
        let pictures = h.video
        // Off at the frame at 0.8 s; on again once the sound written reaches 1.2 s (no frame
        // comes to act on meanwhile).
        pictures.onPresent { entry in
            if entry.pts == Self.frame(20), !switchedOff.get {
                switchedOff.set(true)
                video.get?.isEnabled = false
            }
        }
        sound.onWrite { written in
            guard switchedOff.get, shownAtOn.get == nil, written >= 57_600 else { return }
            shownAtOn.set(pictures.frames.count)
            video.get?.isEnabled = true
        }
        #expect(await h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        let track = try #require(videoTrack(h))
        video.set(track)
        h.player.play()
        #expect(await h.waitUntilQueueEnds(seconds: 60))
        #expect(h.eventNames.contains("didPlayToEndTime"))
        let shown = try #require(shownAtOn.get, "the sound never reached 1.2 s")
        let times = h.video.frames.map(\.pts)
        #expect(shown == 21 && Array(times.prefix(shown)) == (0...20).map(Self.frame))
        // Back from about where the sound was (the device holds some ahead), to the end.
        let resumed = Array(times.dropFirst(shown))
        let from = try #require(resumed.first, "no pictures after switching back on")
        #expect(from > Self.frame(20) && from <= Self.frame(30), "resumed at \(from.secondsText)")
        let first = Int(from.value * 25 / Int64(from.timescale))
        #expect(resumed == (first..<50).map(Self.frame))
    }
}
