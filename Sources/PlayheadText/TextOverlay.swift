import PlayheadCore
import PlayheadSys
import Synchronization

/// A text layer: its line drawn into a picture of the layer's size and handed to the layer's
/// sink, once for fixed text, and again at each second's turn for a clock, or four times a second
/// for an item's title, when the line changes.
/// Drawing runs on the overlay's own thread (`ph-text`), never on a player's.
public final class TextOverlay: Sendable {
    private let font: FontFile
    private let content: LayerContent
    private let style: TextStyle
    private let size: PixelSize
    private let sink: any VideoSink
    private let ticker = TickingThread()
    private let shown = Mutex<(line: String?, frame: Int64)>((nil, 0))
    private let drawn = Atomic(0)
    /// For a title: the title of the item the other layer plays now (nil: none).
    private let title: @Sendable () -> String?

    /// A font that cannot be read is a one-line error naming it.
    public init(content: LayerContent, style: TextStyle, size: PixelSize, sink: any VideoSink,
                title: @escaping @Sendable () -> String? = { nil }) throws(PlaybackError) {
        font = try FontFile(path: style.font, pixelSize: style.pixelSize(height: size.height))
        self.title = title
        self.content = content
        self.style = style
        self.size = size
        self.sink = sink
    }

    /// The line to show at `nanoseconds` of the wall clock.
    func line(at nanoseconds: Int64) -> String {
        switch content {
        case .text(let text): return text
        case .clock(let format): return WallClock.local(format, seconds: nanoseconds / 1_000_000_000)
        case .title: return title() ?? ""
        case .media, .image: return ""
        }
    }

    /// The line drawn as the layer shows it.
    func picture(of text: String) -> TextPicture {
        let glyphs = font.shape(text).map { ($0, font.bitmap($0.glyph)) }
        return TextPicture(size: size, pixels: TextRaster.draw(glyphs, size: size, ascender: font.ascender, descender: font.descender,
                                                             color: style.color, background: style.background))
    }

    public func start() {
        ticker.start(name: "ph-text") { [self] in tick() }
    }

    /// Draws and shows the line when it changed; returns how long to wait: a clock till the
    /// next second's turn, fixed text for good (till stopped).
    private func tick() -> Int64 {
        let now = WallClock.nanoseconds()
        let text = line(at: now)
        let frame = shown.withLock { s -> Int64? in
            guard s.line != text else { return nil }
            s.line = text
            s.frame += 1
            return s.frame
        }
        if let frame {
            sink.present(VideoFrame(pts: MediaTime(value: frame, timescale: 1), duration: MediaTime(value: 1, timescale: 1),
                                    isKeyframe: true, picture: picture(of: text)), dueAt: MonotonicClock().now())
            drawn.add(1, ordering: .relaxed)
        }
        switch content {
        case .clock: return 1_000_000_000 - now % 1_000_000_000 + 1_000_000
        // An item change is not announced to the text's thread; a quarter second is soon
        // enough for a title, and costs a string compared.
        case .title: return 250_000_000
        default: return 3_600_000_000_000
        }
    }

    /// Ends the thread; the sink is its owner's to close. Again does nothing.
    public func stop() { ticker.stop() }

    /// How many times the line was drawn.
    public var drawnCount: Int { drawn.load(ordering: .relaxed) }
}
