/// A file name as one line of the state file: backslash, control characters (C0, C1, DEL)
/// and nothing else are written as escapes, so that no name can end its line and add a key.
enum StateEscaping {
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x00..<0x20, 0x7F..<0xA0: out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Nil when the text is not what `escape` writes.
    static func unescape(_ text: String) -> String? {
        var out = String.UnicodeScalarView()
        var it = text.unicodeScalars.makeIterator()
        while let c = it.next() {
            guard c == "\\" else { out.append(c); continue }
            switch it.next() {
            case "\\": out.append("\\")
            case "n": out.append("\n")
            case "u":
                guard it.next() == "{" else { return nil }
                var hex = ""
                while let h = it.next(), h != "}" {
                    hex.unicodeScalars.append(h)
                    if hex.count > 6 { return nil }
                }
                guard let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else { return nil }
                out.append(scalar)
            default: return nil
            }
        }
        return String(out)
    }
}
