/// One subtitle event as FFmpeg's subtitle decoders give it. Text (SRT, WebVTT, ASS) becomes
/// an ASS dialogue line ("ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text"),
/// which libass draws with the track's header; a bitmap subtitle (DVB, PGS) is its pictures,
/// placed on its canvas. Times are the item's, in milliseconds (libass's unit).
public struct SubtitleCue: Sendable, Hashable {
    public var startMilliseconds: Int64
    /// How long it shows; a cue whose stream gives no end shows until the next one starts.
    public var durationMilliseconds: Int64
    public var dialogue: String
    /// A bitmap subtitle's pictures, in drawing order (none for text).
    public var images: [SubtitleImage]
    /// What the images' places are measured on: the video picture's size as the subtitle
    /// stream has it (720x576 for DVB without a display definition).
    public var canvas: PixelSize

    public init(startMilliseconds: Int64, durationMilliseconds: Int64, dialogue: String) {
        self.startMilliseconds = startMilliseconds
        self.durationMilliseconds = max(0, durationMilliseconds)
        self.dialogue = dialogue
        images = []
        canvas = .zero
    }

    public init(startMilliseconds: Int64, durationMilliseconds: Int64, images: [SubtitleImage], canvas: PixelSize) {
        self.startMilliseconds = startMilliseconds
        self.durationMilliseconds = max(0, durationMilliseconds)
        dialogue = ""
        self.images = images
        self.canvas = canvas
    }

    public var isBitmap: Bool { !images.isEmpty }

    public var endMilliseconds: Int64 { startMilliseconds + durationMilliseconds }

    public func isShown(at milliseconds: Int64) -> Bool {
        milliseconds >= startMilliseconds && milliseconds < endMilliseconds
    }

    /// The words alone, for the console and the logs: the dialogue's ninth field with its
    /// override blocks (`{\i1}`) taken out and ASS's line breaks (`\N`, `\n`) as new lines.
    public var text: String {
        var fields = dialogue.split(separator: ",", maxSplits: 8, omittingEmptySubsequences: false)
        guard fields.count == 9 else { return "" }
        let raw = String(fields.removeLast())
        var out = ""
        var inOverride = false
        var chars = raw.makeIterator()
        while let c = chars.next() {
            if inOverride {
                if c == "}" { inOverride = false }
                continue
            }
            switch c {
            case "{": inOverride = true
            case "\\":
                guard let n = chars.next() else { out.append(c); break }
                switch n {
                case "N", "n": out.append("\n")
                case "h": out.append(" ")
                default: out.append(c); out.append(n)
                }
            default: out.append(c)
            }
        }
        return out
    }
}
