/// One subtitle event as FFmpeg's subtitle decoders give it: SRT, WebVTT and ASS all become an
/// ASS dialogue line ("ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text"), which
/// libass draws with the track's header. Times are the item's, in milliseconds (libass's unit).
public struct SubtitleCue: Sendable, Hashable {
    public var startMilliseconds: Int64
    /// How long it shows; a cue whose stream gives no end shows until the next one starts.
    public var durationMilliseconds: Int64
    public var dialogue: String

    public init(startMilliseconds: Int64, durationMilliseconds: Int64, dialogue: String) {
        self.startMilliseconds = startMilliseconds
        self.durationMilliseconds = max(0, durationMilliseconds)
        self.dialogue = dialogue
    }

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
