import PlayheadCore
import PlayheadSys

/// A ticker as it runs on its overlay's thread: the file's line drawn into a strip, and where
/// the strip stands. The file is read again each time the box is empty between two passes, so
/// an edited file enters whole from the right, never swapped mid-sentence.
struct TickerRun {
    let path: String
    let box: PixelSize
    let speed: Int
    private(set) var strip: TextStrip?
    private var parts: [String]?
    private var startedAt: Int64 = 0
    private var pass: Int64 = -1
    /// The last failure said, so a file that stays missing is said once.
    private var said: String?

    init(path: String, box: PixelSize, speed: Int) {
        self.path = path
        self.box = box
        self.speed = speed
    }

    /// The window to show at `now` (monotonic nanoseconds); nil while there is no line.
    mutating func window(at now: Int64, draw: ([String]) -> TextStrip) -> (strip: TextStrip, offset: Int)? {
        var place = strip.map { TickerLine.place(elapsed: now - startedAt, speed: speed, stripWidth: $0.width, boxWidth: box.width) }
        if place == nil || place?.pass != pass {
            if readAgain(draw: draw) { startedAt = now }
            place = strip.map { TickerLine.place(elapsed: now - startedAt, speed: speed, stripWidth: $0.width, boxWidth: box.width) }
            pass = place?.pass ?? -1
        }
        guard let strip, let place else { return nil }
        return (strip, place.offset)
    }

    /// Reads the file; true when its line changed (and was drawn anew).
    private mutating func readAgain(draw: ([String]) -> TextStrip) -> Bool {
        let text: String
        switch FileInput.read(path, limit: TickerLine.fileLimit) {
        case .text(let t): text = t
        case .missing: return failed("missing; the ticker shows its last text until the file is there")
        case .tooLarge: return failed("larger than \(TickerLine.fileLimit / 1024) KB; give a shorter file")
        case .unreadable(let why): return failed("\(why); the ticker shows its last text")
        }
        said = nil
        let (new, cut) = TickerLine.parts(text)
        guard new != parts else { return false }
        if cut { Log.warning("ticker \(path): longer than \(TickerLine.characterLimit) characters; the rest is cut") }
        parts = new
        strip = draw(new)
        return true
    }

    private mutating func failed(_ why: String) -> Bool {
        if said != why { Log.warning("ticker \(path): \(why)") }
        said = why
        return false
    }
}
