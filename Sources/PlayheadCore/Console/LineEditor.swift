/// A serial console's line editing, as a plain state machine: bytes from the terminal in, what
/// to write back and the finished lines out. The terminal is in raw mode, so every line ends in
/// CRLF here. Keys: printable text (UTF-8), Backspace, Ctrl-U (the line), Ctrl-W (a word), Ctrl-C
/// (drop the line), Ctrl-L (redraw), Enter (CR, LF or CRLF, once), Up and Down (history).
/// Other escape sequences are swallowed whole. Ctrl-D does nothing: an appliance's console
/// never ends.
public struct LineEditor: Sendable {
    public let prompt: String
    public let historyLimit: Int
    public let maxLineBytes: Int
    private(set) var line: [Unicode.Scalar] = []
    private var history: [String] = []
    /// Where Up and Down are in the history (history.count: the line being typed).
    private var historyIndex = 0
    private var draft: [Unicode.Scalar] = []
    private var escape: [UInt8]?
    private var utf8: [UInt8] = []
    private var lastWasCR = false
    /// Bytes were refused since the line began: at Enter it is thrown away, not run cut short.
    private var overflowed = false

    public init(prompt: String = "playhead> ", historyLimit: Int = 50, maxLineBytes: Int = 512) {
        self.prompt = prompt
        self.historyLimit = historyLimit
        self.maxLineBytes = maxLineBytes
    }

    /// The prompt and the line as typed so far.
    public var promptLine: String { prompt + String(String.UnicodeScalarView(line)) }

    public mutating func feed(_ bytes: [UInt8]) -> [LineEditorOutput] {
        var out: [LineEditorOutput] = []
        for b in bytes { step(b, &out) }
        return merged(out)
    }

    /// What to write so that `text` (one line or several) shows above the prompt, and the
    /// prompt and the half-typed line come back under it.
    public func printAbove(_ text: String) -> String {
        var body = ""
        for l in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) { body += l + "\r\n" }
        return "\r\u{1B}[2K" + body + promptLine
    }

    private mutating func step(_ b: UInt8, _ out: inout [LineEditorOutput]) {
        if var seq = escape {
            seq.append(b)
            escape = seq
            if seq.count == 2 && b != UInt8(ascii: "[") && b != UInt8(ascii: "O") {
                escape = nil  // ESC and one key (Alt-x): nothing
            } else if seq.count >= 3 && (0x40...0x7E).contains(b) {
                escape = nil
                if seq == [0x1B, 0x5B, 0x41] || seq == [0x1B, 0x4F, 0x41] { recall(-1, &out) }
                if seq == [0x1B, 0x5B, 0x42] || seq == [0x1B, 0x4F, 0x42] { recall(1, &out) }
            } else if seq.count > 16 {
                escape = nil
            }
            return
        }
        let wasCR = lastWasCR
        lastWasCR = b == 0x0D
        switch b {
        case 0x1B: escape = [b]
        case 0x0D: submit(&out)
        case 0x0A: if !wasCR { submit(&out) }
        case 0x7F, 0x08:
            if line.popLast() != nil { out.append(.write("\u{08} \u{08}")) }
        case 0x15:  // Ctrl-U
            if !line.isEmpty { out.append(.write(erase(line.count))) }
            line.removeAll()
            overflowed = false
        case 0x17:  // Ctrl-W: spaces, then the word before them
            var n = 0
            while let last = line.last, last == " " { line.removeLast(); n += 1 }
            while let last = line.last, last != " " { line.removeLast(); n += 1 }
            if n > 0 { out.append(.write(erase(n))) }
        case 0x03:  // Ctrl-C
            line.removeAll()
            overflowed = false
            historyIndex = history.count
            out.append(.write("^C\r\n" + prompt))
        case 0x0C:  // Ctrl-L
            out.append(.write("\u{1B}[2J\u{1B}[H" + promptLine))
        case 0x00...0x1F:
            break
        default:
            insert(b, &out)
        }
    }

    private mutating func insert(_ b: UInt8, _ out: inout [LineEditorOutput]) {
        utf8.append(b)
        // A character's first byte says how many follow: wait for all of them.
        let lead = utf8[0]
        let need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard utf8.count >= need else { return }
        let text = String(decoding: utf8, as: UTF8.self)
        utf8.removeAll()
        // A C1 character (U+0080...U+009F) echoed back could be read by the terminal as the
        // start of a control sequence.
        guard !text.unicodeScalars.contains(where: ControlCharacters.isControl) else {
            out.append(.write("\u{07}"))
            return
        }
        let bytes = String(String.UnicodeScalarView(line)).utf8.count
        guard bytes + text.utf8.count <= maxLineBytes else {
            if !overflowed { out.append(.write("\u{07}")) }
            overflowed = true
            return
        }
        line.append(contentsOf: text.unicodeScalars)
        out.append(.write(text))
    }

    private mutating func submit(_ out: inout [LineEditorOutput]) {
        let text = String(String.UnicodeScalarView(line))
        line.removeAll()
        utf8.removeAll()
        out.append(.write("\r\n"))
        let trimmed = text.trimmingSpaces
        if overflowed {
            // Only its head is held: run, it would be another command than the one sent.
            overflowed = false
            out.append(.write("error: line longer than \(maxLineBytes) bytes; ignored\r\n" + prompt))
        } else if !trimmed.isEmpty {
            if history.last != trimmed { history.append(trimmed) }
            if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
            out.append(.submit(trimmed))
        } else {
            out.append(.write(prompt))
        }
        historyIndex = history.count
        draft = []
    }

    private mutating func recall(_ step: Int, _ out: inout [LineEditorOutput]) {
        let target = historyIndex + step
        guard target >= 0, target <= history.count, target != historyIndex else {
            out.append(.write("\u{07}"))
            return
        }
        if historyIndex == history.count { draft = line }
        historyIndex = target
        let erased = erase(line.count)
        line = target == history.count ? draft : Array(history[target].unicodeScalars)
        overflowed = false
        out.append(.write(erased + String(String.UnicodeScalarView(line))))
    }

    /// Backspaces over `n` characters: one column each (the console's commands are ASCII).
    private func erase(_ n: Int) -> String {
        String(repeating: "\u{08} \u{08}", count: n)
    }

    /// Neighbouring writes joined, so a pasted line is one write.
    private func merged(_ out: [LineEditorOutput]) -> [LineEditorOutput] {
        var result: [LineEditorOutput] = []
        for o in out {
            if case .write(let b) = o, case .write(let a)? = result.last {
                result[result.count - 1] = .write(a + b)
            } else {
                result.append(o)
            }
        }
        return result
    }
}
