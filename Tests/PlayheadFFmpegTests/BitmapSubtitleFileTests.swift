import PlayheadCore
@testable import PlayheadFFmpeg
import Testing

/// Bitmap subtitles read by FFmpeg's DVB decoder: dvb_subtitles.mkv (gen-media.sh, made by
/// scripts/media/dvb-subtitles.c): a 160x60 panel with a cross 0.5-2.0 s, a 120x48 panel with
/// bars 2.5-3.5 s (21 ms later in the file), each cleared by an empty page, on the 320x240 video's canvas.
@Suite struct BitmapSubtitleFileTests {
    static let media = FFmpegPlaybackTests.media

    @Test func eachDisplaySetIsACueOfPicturesEndedByTheClearingPage() throws {
        let track = try SubtitleFile.read("\(Self.media)/dvb_subtitles.mkv", stream: 2)
        #expect(track.codec == "dvb_subtitle")
        let cues = track.schedule.cues
        // As with the SRT in two_languages.mkv, FFmpeg's muxer put them 21 ms later, with the
        // video's first frame (ffprobe: 0.521).
        #expect(cues.map(\.startMilliseconds) == [521, 2521])
        // Each page says a 30 s time-out; the empty page after it ends it.
        #expect(cues.map(\.endMilliseconds) == [2021, 3521])
        #expect(cues.allSatisfy { $0.isBitmap && $0.canvas == PixelSize(width: 320, height: 240) })
        let first = try #require(cues.first?.images.first)
        #expect([first.x, first.y, first.width, first.height] == [80, 160, 160, 60])
        let last = try #require(cues.last?.images.first)
        #expect([last.x, last.y, last.width, last.height] == [16, 16, 120, 48])
    }

    @Test func thePalettedPixelsAreTheEncodersOwn() throws {
        let track = try SubtitleFile.read("\(Self.media)/dvb_subtitles.mkv", stream: 2)
        let panel = try #require(track.schedule.cues.first?.images.first)
        // The frame is opaque black, the cross opaque white, the ground half-clear blue.
        #expect(panel.premultipliedBGRA(column: 0, row: 0) == (0, 0, 0, 255))
        #expect(panel.premultipliedBGRA(column: 80, row: 10) == (255, 255, 255, 255))
        let ground = panel.premultipliedBGRA(column: 20, row: 10)
        #expect(ground.a > 100 && ground.a < 160 && ground.b == ground.a && ground.r == 0 && ground.g == 0, "\(ground)")
    }

    @Test func aTracksPicturesAreBoundedInBytes() throws {
        var schedule = SubtitleSchedule(imageByteCapacity: 20_000)
        let track = try SubtitleFile.read("\(Self.media)/dvb_subtitles.mkv", stream: 2)
        for cue in track.schedule.cues { schedule.add(cue) }
        // The first panel is 9,600 bytes of pixels and its palette; the second 5,760: both fit,
        // a third copy of the first does not.
        schedule.add(track.schedule.cues[0])
        #expect(schedule.cues.count == 2 && schedule.leftOut == 1)
    }
}
