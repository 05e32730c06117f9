/// Text from outside (file names, `#EXTINF` titles, URLs, FFmpeg's messages, errors that quote
/// them) made safe to print: a terminal acts on control characters, so an ESC in a file name
/// could move the cursor, retitle the window or clear the screen. Every C0 character, DEL and
/// every C1 character (U+0080...U+009F: some terminals read U+009B as an escape on its own)
/// is written out as a visible escape; everything else, accents and CJK included, stays as is.
///
/// The escapes are made of printable characters only, so escaping twice gives the same text as
/// escaping once: a renderer and the output boundary behind it may both escape, and nothing is
/// escaped double. (A backslash is left alone for that reason.)
public enum ControlCharacters {
    /// `\n`, `\r` and `\t` as such; any other as `\u{1B}`. With `keepingNewlines`, LF stays a
    /// line break (for text that is several lines on purpose, such as a text reply).
    public static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingNewlines && $0 == "\n") }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n" where keepingNewlines: out += "\n"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// C0 (U+0000...U+001F), DEL (U+007F) and C1 (U+0080...U+009F).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
