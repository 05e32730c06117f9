import PlayheadCore
@testable import PlayheadText
import Synchronization
import Testing

/// A `title=` layer's line is the other layer's current item's title, asked afresh each time.
@Suite struct TitleLineTests {
    final class Sink: VideoSink {
        let name = "test"
        func present(_ frame: VideoFrame, dueAt hostTime: HostTime) {}
        func flush() {}
    }

    @Test func theLineFollowsTheTitleItIsGiven() throws {
        let title = Mutex<String?>("The car, with the feature")
        let overlay = try TextOverlay(content: .title("left"), style: TextStyle(), size: PixelSize(width: 320, height: 40), sink: Sink(),
                                      title: { title.withLock { $0 } })
        #expect(overlay.line(at: 0) == "The car, with the feature")
        title.withLock { $0 = "without.mp4" }
        #expect(overlay.line(at: 0) == "without.mp4")
        title.withLock { $0 = nil }
        #expect(overlay.line(at: 0) == "")
    }
}
