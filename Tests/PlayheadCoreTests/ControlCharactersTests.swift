import PlayheadCore
import Testing

@Suite struct ControlCharactersTests {
    @Test func everyControlCharacterIsEscapedAndOtherTextKept() {
        #expect(ControlCharacters.escaped("a\u{1B}[2Jb") == #"a\u{1B}[2Jb"#)
        #expect(ControlCharacters.escaped("\u{0}\u{7}\u{7F}\u{9B}31m") == #"\u{0}\u{7}\u{7F}\u{9B}31m"#)
        #expect(ControlCharacters.escaped("two\nlines\r\tend") == #"two\nlines\r\tend"#)
        #expect(ControlCharacters.escaped("Café 東京 – ü €") == "Café 東京 – ü €")
        // U+00A0 (no-break space) is past C1: text, not a control.
        #expect(ControlCharacters.escaped("a\u{A0}b") == "a\u{A0}b")
    }

    @Test func newlinesMayStayAndEscapingTwiceChangesNothing() {
        #expect(ControlCharacters.escaped("one\ntwo\u{1B}", keepingNewlines: true) == "one\ntwo\\u{1B}")
        let once = ControlCharacters.escaped("x\u{1B}]0;owned\u{7}\\y\n")
        #expect(ControlCharacters.escaped(once) == once)
        #expect(!once.unicodeScalars.contains { ControlCharacters.isControl($0) })
    }
}
