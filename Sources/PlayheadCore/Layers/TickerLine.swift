/// A ticker's text and where it stands: a file's lines run one after the other in one strip,
/// which scrolls from right to left at the layer's speed and comes round again after a gap the
/// layer's width, so each pass enters from the right edge of an empty box.
public enum TickerLine {
    /// What stands between two of the file's lines.
    public static let separator = "   \u{2022}   "
    /// A ticker file is read up to this many bytes: it is a few lines of news, and a stranger's
    /// large file must not become a strip of megapixels.
    public static let fileLimit = 16 * 1024
    /// The longest strip drawn, in characters; what follows is cut.
    public static let characterLimit = 2000

    /// The file's lines and the separators between them, in the order they run: blank lines
    /// and surrounding spaces dropped, control characters (a tab, an escape) shown as spaces.
    /// Each part is shaped on its own, so a line in a right-to-left script reads right to left
    /// among lines in others.
    public static func parts(_ fileText: String) -> (parts: [String], cut: Bool) {
        let lines = fileText.split(whereSeparator: \.isNewline)
            .map { line in String(line.map { $0.isASCII && ($0.asciiValue ?? 0) < 32 ? " " : $0 }) }
            .map(\.trimmed)
            .filter { !$0.isEmpty }
        var parts: [String] = [], left = characterLimit
        for line in lines {
            if !parts.isEmpty { parts.append(separator) }
            guard line.count <= left else {
                parts.append(String(line.prefix(left)))
                return (parts, true)
            }
            parts.append(line)
            left -= line.count
        }
        return (parts, false)
    }

    /// Where the strip stands `elapsed` nanoseconds after it started: the window's left edge
    /// `offset` pixels into its period (the strip's `stripWidth`, then a gap of `boxWidth`),
    /// and how many whole passes went by. It starts with the box empty, the gap in view, so the
    /// line enters from the right; each pass ends the same way.
    public static func place(elapsed: Int64, speed: Int, stripWidth: Int, boxWidth: Int) -> (pass: Int64, offset: Int) {
        let period = Int64(max(1, stripWidth + boxWidth))
        // Whole seconds and the rest apart, never through a Double: after months the pixels
        // stay exact and the product never overflows.
        let t = max(0, elapsed), speed = Int64(speed)
        let pixels = t / 1_000_000_000 * speed + t % 1_000_000_000 * speed / 1_000_000_000
        return (pixels / period, Int((Int64(stripWidth) + pixels) % period))
    }
}
