import PlayheadCore
import PlayheadSys
import Synchronization
import Testing
@testable import PlayheadKMS

/// The screenshot of a card with no writeback: the picture on screen drawn upright into a PNG
/// on the writer's thread, never larger than 1920 on a side, and a picture that cannot be
/// drawn is said to whoever waits for it.
@Suite struct CaptureWriterPictureTests {
    typealias Store = FakeScreenshotStore

    final class Picture: VideoPicture {
        let size: PixelSize
        let fails: Bool
        init(_ width: Int, _ height: Int, fails: Bool = false) {
            size = PixelSize(width: width, height: height)
            self.fails = fails
        }
        var pixelFormatName: String { "test" }
        func digest() -> UInt64 { 0 }
        func draw(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError) {
            if fails { throw PlaybackError(.unsupportedCodec, "no converter for test") }
            (canvas as? MappedCanvas)?.fill(destination, pixel: 0x00FF_8000)
        }
    }

    /// A PNG's width and height, from its IHDR chunk.
    func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count > 24, bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        let word = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func thePictureIsSavedAsAPNGOfItsSizeOrFittedTo1920() {
        let writer = CaptureWriter(), store = Store()
        writer.save(picture: Picture(640, 360), to: "/shots/a.png", folder: store)
        writer.save(picture: Picture(3840, 2160), to: "/shots/b.png", folder: store)
        writer.finish()
        let saved = store.saved.withLock { $0 }
        #expect(saved["/shots/a.png"].flatMap(pngSize).map { [$0.0, $0.1] } == [640, 360])
        #expect(saved["/shots/b.png"].flatMap(pngSize).map { [$0.0, $0.1] } == [1920, 1080])
        #expect(store.abandoned.withLock { $0 }.isEmpty)
    }

    @Test func aPictureThatCannotBeDrawnIsAbandonedWithTheReason() {
        let writer = CaptureWriter(), store = Store()
        writer.save(picture: Picture(64, 64, fails: true), to: "/shots/c.png", folder: store)
        writer.finish()
        #expect(store.saved.withLock { $0 }.isEmpty)
        #expect(store.abandoned.withLock { $0 }["/shots/c.png"]?.contains("no converter for test") == true)
    }
}
