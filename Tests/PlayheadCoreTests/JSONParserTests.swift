import PlayheadCore
import Testing

/// RFC 8259's own examples and the ways hostile text breaks readers.
struct JSONParserTests {
    func parse(_ text: String) -> Result<JSONValue, JSONParser.Failure> { JSONParser.parse(Array(text.utf8)) }

    @Test func valuesOfEveryKind() throws {
        let v = try parse(#" {"a": [1, -2.5e3, true, false, null], "b": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"} "#).get()
        #expect(v["a"] == .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]))
        #expect(v["b"]?.string == "x\"\\/\u{08}\u{0C}\n\r\té😀")
        #expect(v["a"]?.array?.first?.integer == 1)
        #expect(JSONValue.number(1.5).integer == nil)
        #expect(try parse("[]").get() == .array([]) && (try parse("{}").get()) == .object([]))
    }

    @Test func whatRFC8259RefusesIsRefusedSayingWhere() {
        let bad: [(String, String)] = [
            ("", "ends early"), ("[1,]", "not a JSON value"), ("{\"a\":1,}", "must be a string"), ("01", "text after"),
            ("1.", "fraction"), ("1e", "exponent"), ("\"a\u{01}\"", "control character"), ("\"\\x\"", "unknown escape"),
            ("\"\\ud800\"", "lone surrogate"), ("[1] [2]", "text after"), ("{\"a\":1,\"a\":2}", "given twice"),
            ("nul", "not a JSON value"), ("\"abc", "inside a string"), ("// no\n1", "not a JSON value"), ("1e999", "out of range"),
        ]
        for (text, why) in bad {
            guard case .failure(let f) = parse(text) else { Issue.record("\(text) was taken"); continue }
            #expect(f.description.contains(why), "\(text): \(f)")
        }
    }

    @Test func depthAndBytesAreBounded() {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        guard case .failure(let f) = parse(deep) else { Issue.record("40 levels were taken"); return }
        #expect(f.reason.contains("deeper than 32"))
        #expect(JSONParser.parse([0x22, 0xFF, 0x22]).isFailure)
    }
}

extension Result {
    var isFailure: Bool { if case .failure = self { true } else { false } }
}
