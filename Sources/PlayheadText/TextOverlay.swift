import PlayheadCore
import PlayheadSys
import Synchronization

/// A text layer: its lines drawn into a picture of the layer's size and handed to the layer's
/// sink, once for fixed text, and again at each second's turn for a clock, or four times a second
/// for an item's title, when the text changes; a ticker's window 30 times a second as it moves.
/// Drawing runs on the overlay's own thread (`ph-text`), never on a player's.
public final class TextOverlay: Sendable {
    private let font: FontFile
    private let content: LayerContent
    private let style: TextStyle
    private let size: PixelSize
    private let sink: any VideoSink
    private let thread = TickingThread()
    private let shown = Mutex<(line: String?, frame: Int64)>((nil, 0))
    private let drawn = Atomic(0)
    /// For a title: the title of the item the other layer plays now (nil: none).
    private let title: @Sendable () -> String?
    /// A ticker's run (nil: not a ticker).
    private let ticker: Mutex<TickerRun?>
    private let palette: [(UInt8, UInt8, UInt8, UInt8)]

    /// A ticker's pictures a second: smooth enough for text read while it moves, and a tenth
    /// of a core's worth of copying on the smallest board.
    static let tickerRate: Int64 = 30
    /// What a text's `\n` stands for: a new line.
    static let newLine = "\\n"

    /// A font that cannot be read is a one-line error naming it.
    public init(content: LayerContent, style: TextStyle, size: PixelSize, sink: any VideoSink,
                title: @escaping @Sendable () -> String? = { nil }) throws(PlaybackError) {
        font = try FontFile(path: style.font, pixelSize: style.pixelSize(height: size.height, lines: Self.lineCount(content)))
        self.title = title
        self.content = content
        self.style = style
        self.size = size
        self.sink = sink
        if case .ticker(let path) = content {
            ticker = Mutex(TickerRun(path: path, box: size, speed: style.speed))
        } else {
            ticker = Mutex(nil)
        }
        palette = TickerPicture.palette(color: style.color, background: style.background)
    }

    /// How many lines its text has, as far as is known before it is drawn (a title has one).
    public static func lineCount(_ content: LayerContent) -> Int {
        switch content {
        case .text(let text), .clock(let text): return lines(text).count
        default: return 1
        }
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: newLine, omittingEmptySubsequences: false).map(String.init)
    }

    /// The text to show at `nanoseconds` of the wall clock.
    func line(at nanoseconds: Int64) -> String {
        switch content {
        case .text(let text): return text
        case .clock(let format): return WallClock.local(format, seconds: nanoseconds / 1_000_000_000)
        case .title: return title() ?? ""
        case .media, .image, .ticker, .subtitles: return ""
        }
    }

    /// The text drawn as the layer shows it, a line for each `\n`.
    func picture(of text: String) -> TextPicture {
        let lines = Self.lines(text).map { line in font.shape(line).map { ($0, font.bitmap($0.glyph)) } }
        return TextPicture(size: size, pixels: TextRaster.draw(lines: lines, size: size, ascender: font.ascender, descender: font.descender,
                                                             color: style.color, background: style.background))
    }

    private var isTicker: Bool {
        if case .ticker = content { return true }
        return false
    }

    /// A ticker's whole line, drawn once: its parts shaped one by one, set one after the other.
    func strip(of parts: [String]) -> TextStrip {
        let glyphs = parts.flatMap { font.shape($0) }.map { ($0, font.bitmap($0.glyph)) }
        // 64 boxes wide at most: 2000 characters at a line's usual size fit.
        return TextStrip(glyphs, height: size.height, ascender: font.ascender, descender: font.descender, maxWidth: size.width * 64)
    }

    public func start() {
        thread.start(name: "ph-text") { [self] in isTicker ? tickerTick() : tick() }
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
        if let frame { show(picture(of: text), frame: frame) }
        switch content {
        case .clock: return 1_000_000_000 - now % 1_000_000_000 + 1_000_000
        // An item change is not announced to the text's thread; a quarter second is soon
        // enough for a title, and costs a string compared.
        case .title: return 250_000_000
        default: return 3_600_000_000_000
        }
    }

    /// Hands over the ticker's window where it will stand at the next tick, due then: the
    /// display's thread has a tick's time to draw and commit it, and a picture handed over due
    /// at once was late by the time it was drawn and dropped. Until its file can be read, looks
    /// again every 5 s.
    private func tickerTick() -> Int64 {
        let interval = 1_000_000_000 / Self.tickerRate
        let now = MonotonicClock().now().nanoseconds
        let due = now + interval - now % interval
        guard let window = ticker.withLock({ $0?.window(at: due, draw: strip) }) else { return 5_000_000_000 }
        let frame = shown.withLock { s -> Int64 in
            s.frame += 1
            return s.frame
        }
        show(TickerPicture(size: size, strip: window.strip, offset: window.offset, palette: palette), frame: frame,
             due: HostTime(nanoseconds: due), duration: MediaTime(value: 1, timescale: Int32(Self.tickerRate)))
        return due - now
    }

    /// A still line stays for a second at least: the display shows a late one rather than drop it.
    private func show(_ picture: any VideoPicture, frame: Int64, due: HostTime = MonotonicClock().now(),
                      duration: MediaTime = MediaTime(value: 1, timescale: 1)) {
        sink.present(VideoFrame(pts: MediaTime(value: frame * duration.value, timescale: duration.timescale),
                                duration: duration, isKeyframe: true, picture: picture), dueAt: due)
        drawn.add(1, ordering: .relaxed)
    }

    /// Ends the thread; the sink is its owner's to close. Again does nothing.
    public func stop() { thread.stop() }

    /// How many times the line was drawn.
    public var drawnCount: Int { drawn.load(ordering: .relaxed) }
}
