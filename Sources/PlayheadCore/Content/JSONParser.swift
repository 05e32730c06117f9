/// RFC 8259 JSON, read from hostile bytes: bounded in size and depth, strict (no comments, no
/// trailing commas, no leading zeros, no control characters in strings), every failure one line
/// naming where. Playhead links no Foundation (Hummingbird's traits are off to keep it out of
/// the static binary), and the one JSON it reads is a content manifest: this small reader
/// stands in for JSONDecoder.
public struct JSONParser {
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public let offset: Int
        public let reason: String
        public var description: String { "\(reason) at byte \(offset)" }
    }

    public static let maxDepth = 32

    private let bytes: [UInt8]
    private var i = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    public static func parse(_ bytes: [UInt8]) -> Result<JSONValue, Failure> {
        var p = JSONParser(bytes)
        do throws(Failure) {
            p.skipSpace()
            let value = try p.value(depth: 0)
            p.skipSpace()
            guard p.i == p.bytes.count else { throw p.fail("text after the document") }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    private func fail(_ reason: String) -> Failure { Failure(offset: i, reason: reason) }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maxDepth else { throw fail("nested deeper than \(Self.maxDepth)") }
        guard i < bytes.count else { throw fail("the document ends early") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func word(_ w: String) throws(Failure) {
        let expected = Array(w.utf8)
        guard bytes.count - i >= expected.count, Array(bytes[i..<(i + expected.count)]) == expected else { throw fail("not a JSON value") }
        i += expected.count
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        i += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object([]) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("a member's name must be a string") }
            let name = try string()
            guard !members.contains(where: { $0.0 == name }) else { throw fail("the name \"\(name.prefix(40))\" is given twice") }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("':' missing after a name") }
            i += 1
            skipSpace()
            members.append((name, try value(depth: depth + 1)))
            skipSpace()
            guard i < bytes.count else { throw fail("the document ends inside an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            guard bytes[i] == UInt8(ascii: "}") else { throw fail("',' or '}' expected") }
            i += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array([]) }
        while true {
            skipSpace()
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard i < bytes.count else { throw fail("the document ends inside an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            guard bytes[i] == UInt8(ascii: "]") else { throw fail("',' or ']' expected") }
            i += 1
            return .array(items)
        }
    }

    private mutating func string() throws(Failure) -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw fail("the document ends inside a string") }
            let b = bytes[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let s = String(validating: out, as: UTF8.self) else { throw fail("a string is not UTF-8") }
                return s
            case 0..<0x20: throw fail("a control character inside a string")
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { throw fail("the document ends inside a string") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out += try unicodeEscape()
                default: throw fail("an unknown escape in a string")
                }
            default: out.append(b)
            }
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard bytes.count - i >= 4 else { throw fail("a \\u escape is cut short") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("a \\u escape is not hexadecimal")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    private mutating func unicodeEscape() throws(Failure) -> [UInt8] {
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar) {
            guard bytes.count - i >= 2, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else { throw fail("a lone surrogate") }
            i += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw fail("a lone surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let u = Unicode.Scalar(scalar) else { throw fail("a lone surrogate") }
        return Array(String(Character(u)).utf8)
    }

    private mutating func number() throws(Failure) -> Double {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) else { throw fail("not a JSON value") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            digits()
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("a number's fraction has no digits") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("a number's exponent has no digits") }
        }
        guard i - start <= 64, let d = Double(String(decoding: bytes[start..<i], as: UTF8.self)), d.isFinite else {
            throw Failure(offset: start, reason: "a number out of range")
        }
        return d
    }

    @discardableResult
    private mutating func digits() -> Int {
        let start = i
        while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
        return i - start
    }
}
