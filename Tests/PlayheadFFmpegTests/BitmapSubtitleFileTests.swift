import PlayheadCore
@testable import PlayheadFFmpeg
import Testing

/// Bitmap subtitles read by FFmpeg's decoders, DVB and PGS: dvb_subtitles.mkv (made by
/// scripts/media/dvb-subtitles.c) and pgs_subtitles.mkv (scripts/media/pgs-subtitles.py) hold
/// the same pictures: a 160x60 panel with a cross 0.5-2.0 s, a 120x48 panel with bars 2.5-3.5 s
/// (21 ms later in the files), each cleared by an empty display set, on the 320x240 video's canvas.
@Suite struct BitmapSubtitleFileTests {
    static let media = FFmpegPlaybackTests.media
    static let files = [("dvb_subtitles.mkv", "dvb_subtitle"), ("pgs_subtitles.mkv", "hdmv_pgs_subtitle")]

    @Test(arguments: files)
    func eachDisplaySetIsACueOfPicturesEndedByTheClearingOne(file: String, codec: String) throws {
        let track = try SubtitleFile.read("\(Self.media)/\(file)", stream: 2)
        #expect(track.codec == codec)
        let cues = track.schedule.cues
        // As with the SRT in two_languages.mkv, FFmpeg's muxer put them 21 ms later, with the
        // video's first frame (ffprobe: 0.521).
        #expect(cues.map(\.startMilliseconds) == [521, 2521])
        // A DVB page says a 30 s time-out, a PGS set none; the empty set after it ends it.
        #expect(cues.map(\.endMilliseconds) == [2021, 3521])
        #expect(cues.allSatisfy { $0.isBitmap && $0.canvas == PixelSize(width: 320, height: 240) })
        let first = try #require(cues.first?.images.first)
        #expect([first.x, first.y, first.width, first.height] == [80, 160, 160, 60])
        let last = try #require(cues.last?.images.first)
        #expect([last.x, last.y, last.width, last.height] == [16, 16, 120, 48])
    }

    @Test(arguments: files)
    func thePalettedPixelsAreTheWritersOwn(file: String, codec: String) throws {
        let track = try SubtitleFile.read("\(Self.media)/\(file)", stream: 2)
        let panel = try #require(track.schedule.cues.first?.images.first)
        // The frame is opaque black, the cross opaque white, the ground half-clear blue (PGS's
        // palette is in YCbCr: near those colours).
        let frame = panel.premultipliedBGRA(column: 0, row: 0), cross = panel.premultipliedBGRA(column: 80, row: 10)
        #expect(frame.a == 255 && max(frame.b, frame.g, frame.r) < 8, "\(frame)")
        #expect(cross.a == 255 && min(cross.b, cross.g, cross.r) > 247, "\(cross)")
        let ground = panel.premultipliedBGRA(column: 20, row: 10)
        #expect(ground.a > 100 && ground.a < 160 && ground.b > ground.a - 10 && ground.r < 10 && ground.g < 10, "\(ground)")
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
