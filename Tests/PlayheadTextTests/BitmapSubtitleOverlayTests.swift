import PlayheadCore
@testable import PlayheadText
import Synchronization
import Testing

/// Bitmap subtitles on a subtitle layer: the stream's canvas fitted into the layer as the video
/// is, each cue's pictures drawn at their place, drawn again only when the cues shown change.
@Suite struct BitmapSubtitleOverlayTests {
    typealias Sink = SubtitleOverlayTests.Sink
    static let red: UInt32 = 0xFFFF_0000

    /// A cue 500-1500 ms: a 4x3 opaque red picture at (10, 20) on `canvas`.
    static func track(canvas: PixelSize) -> SubtitleTrackText {
        var s = SubtitleSchedule()
        let image = SubtitleImage(x: 10, y: 20, width: 4, height: 3, indices: [UInt8](repeating: 1, count: 12), palette: [0, red])!
        s.add(SubtitleCue(startMilliseconds: 500, durationMilliseconds: 1000, images: [image], canvas: canvas))
        return SubtitleTrackText(header: "", schedule: s, codec: "dvb_subtitle")
    }

    /// Blue, green, red, alpha at (x, y) of a handed-over picture.
    static func pixel(_ frame: VideoFrame, _ x: Int, _ y: Int) -> [UInt8] {
        let picture = frame.picture as! TextPicture
        let p = (y * picture.size.width + x) * 4
        return Array(picture.pixels[p..<p + 4])
    }

    let sink = Sink()
    let world = SubtitleOverlayTests.World()

    func overlay(canvas: PixelSize) -> SubtitleOverlay {
        SubtitleOverlay(size: SubtitleOverlayTests.size, font: TextStyle.defaultFont, marginPercent: 5, sink: sink,
                        moment: { [world] in world.moment.withLock { $0 } }, load: { _ in .success(.whole(Self.track(canvas: canvas))) }, log: { _ in }, clock: VirtualClock())
    }

    func at(_ ms: Int64, _ o: SubtitleOverlay, video: PixelSize = .zero, pixelAspect: PixelAspect = .square) {
        world.moment.withLock { $0 = SubtitleMoment(track: "film", milliseconds: ms, rate: 1, videoSize: video, videoPixelAspect: pixelAspect) }
        _ = o.tick()
    }

    @Test func aPictureIsPlacedOnTheLayerScaledFromItsCanvasAndClearedAtItsEnd() throws {
        // 160x90 into the 320x180 layer: twice the size, the picture at (20, 40) to (28, 46).
        let o = overlay(canvas: PixelSize(width: 160, height: 90))
        at(600, o)
        let shown = try #require(sink.frames.withLock { $0.last?.frame })
        #expect(Self.pixel(shown, 24, 42) == [0, 0, 255, 255])
        #expect(Self.pixel(shown, 20, 40) == [0, 0, 255, 255] && Self.pixel(shown, 27, 45) == [0, 0, 255, 255])
        #expect(Self.pixel(shown, 19, 42) == [0, 0, 0, 0] && Self.pixel(shown, 28, 42) == [0, 0, 0, 0])
        #expect(Self.pixel(shown, 24, 46) == [0, 0, 0, 0])
        // The same cue still shows: nothing new is handed over; past its end, a clear picture.
        at(900, o)
        #expect(sink.inked == [true])
        at(1450, o)
        #expect(sink.inked == [true, false])
    }

    @Test func aCanvasOfAnotherShapeIsCentredAsTheVideoIs() throws {
        // 160x120 (4:3) into 320x180: 1.5 times, 40 pixels in from the left, none from the top.
        let o = overlay(canvas: PixelSize(width: 160, height: 120))
        at(600, o)
        let shown = try #require(sink.frames.withLock { $0.last?.frame })
        // The picture: x 40+15 to 40+21, y 30 to 34.5.
        #expect(Self.pixel(shown, 58, 32) == [0, 0, 255, 255])
        #expect(Self.pixel(shown, 53, 32) == [0, 0, 0, 0] && Self.pixel(shown, 62, 32) == [0, 0, 0, 0])
        #expect(Self.pixel(shown, 58, 28) == [0, 0, 0, 0])
    }

    @Test func aCanvasOfTheAnamorphicVideosSizeTakesItsShape() throws {
        // 120x90 stored of 4:3 pixels is 160x90 shown: into 320x180 twice that, from the left
        // edge; the picture at x 26.7 to 37.3 (not 60 to 68, the stored shape centred), y 40 to 46.
        let canvas = PixelSize(width: 120, height: 90)
        let o = overlay(canvas: canvas)
        at(600, o, video: canvas, pixelAspect: PixelAspect(width: 4, height: 3))
        let shown = try #require(sink.frames.withLock { $0.last?.frame })
        #expect(Self.pixel(shown, 32, 42) == [0, 0, 255, 255])
        #expect(Self.pixel(shown, 25, 42) == [0, 0, 0, 0] && Self.pixel(shown, 38, 42) == [0, 0, 0, 0])
        #expect(Self.pixel(shown, 64, 42) == [0, 0, 0, 0])
    }
}
