/// A URL path component with its %XX escapes decoded (a browser sends "my clip.mp4" as
/// "my%20clip.mp4"); nil when an escape is malformed or the bytes are not UTF-8.
public enum PercentDecoding {
    public static func decode(_ text: String) -> String? {
        var out: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let b = bytes.popFirst() {
            guard b == UInt8(ascii: "%") else { out.append(b); continue }
            guard bytes.count >= 2, let hi = hex(bytes.popFirst()!), let lo = hex(bytes.popFirst()!) else { return nil }
            out.append(hi << 4 | lo)
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
