import PlayheadCore
import Testing

@Suite struct LineEditorTests {
    func type(_ e: inout LineEditor, _ s: String) -> [LineEditorOutput] { e.feed(Array(s.utf8)) }
    func submitted(_ out: [LineEditorOutput]) -> [String] {
        out.compactMap { if case .submit(let l) = $0 { return l }; return nil }
    }
    func written(_ out: [LineEditorOutput]) -> String {
        out.map { if case .write(let w) = $0 { return w }; return "|" }.joined()
    }

    @Test func typedLineIsEchoedAndSubmittedOnEnter() {
        var e = LineEditor()
        let out = type(&e, "status\r")
        #expect(out == [.write("status\r\n"), .submit("status")])
    }

    @Test func crlfIsOneEnterAndAnEmptyLineGivesAPrompt() {
        var e = LineEditor()
        #expect(type(&e, "play\r\n") == [.write("play\r\n"), .submit("play")])
        #expect(submitted(type(&e, "pause\n")) == ["pause"])
        #expect(type(&e, "\r") == [.write("\r\nplayhead> ")])
    }

    @Test func backspaceRemovesAWholeCharacter() {
        var e = LineEditor()
        _ = type(&e, "vé")
        #expect(e.feed([0x7F]) == [.write("\u{08} \u{08}")])
        #expect(e.promptLine == "playhead> v")
        _ = e.feed([0x08, 0x08])
        #expect(e.promptLine == "playhead> ")
    }

    @Test func ctrlUKillsTheLineAndCtrlWAWord() {
        var e = LineEditor()
        _ = type(&e, "seek +10 fast")
        _ = e.feed([0x17])
        #expect(e.promptLine == "playhead> seek +10 ")
        _ = e.feed([0x17])
        #expect(e.promptLine == "playhead> seek ")
        #expect(e.feed([0x15]) == [.write(String(repeating: "\u{08} \u{08}", count: 5))])
        #expect(e.promptLine == "playhead> ")
    }

    @Test func ctrlCDropsTheLineWithoutSubmitting() {
        var e = LineEditor()
        _ = type(&e, "clear")
        let out = e.feed([0x03])
        #expect(out == [.write("^C\r\nplayhead> ")])
        #expect(submitted(type(&e, "\r")).isEmpty)
    }

    @Test func historyWalksUpAndDownAndKeepsTheDraft() {
        var e = LineEditor()
        _ = type(&e, "status\rnext\rnext\r")
        _ = type(&e, "vol")
        _ = type(&e, "\u{1B}[A")
        #expect(e.promptLine == "playhead> next")
        _ = type(&e, "\u{1B}OA")
        #expect(e.promptLine == "playhead> status")
        #expect(written(type(&e, "\u{1B}[A")) == "\u{07}")
        _ = type(&e, "\u{1B}[B\u{1B}[B")
        #expect(e.promptLine == "playhead> vol")
    }

    @Test func anEscapeSequenceSplitAcrossReadsAndUnknownOnesAreSwallowed() {
        var e = LineEditor()
        _ = type(&e, "status\r")
        _ = e.feed([0x1B])
        _ = e.feed([0x5B])
        _ = e.feed([0x41])
        #expect(e.promptLine == "playhead> status")
        _ = type(&e, "\u{1B}[15~\u{1B}[1;5C")
        #expect(e.promptLine == "playhead> status")
    }

    @Test func theLineIsCappedWithABell() {
        var e = LineEditor(maxLineBytes: 4)
        let out = type(&e, "abcde")
        #expect(written(out) == "abcd\u{07}")
    }

    @Test func textPrintedAboveKeepsTheHalfTypedLine() {
        var e = LineEditor()
        _ = type(&e, "sta")
        #expect(e.printAbove("rateChanged t=1.0 rate=0\nsecond") == "\r\u{1B}[2KrateChanged t=1.0 rate=0\r\nsecond\r\nplayhead> sta")
    }
}

/// A line past the limit (a paste, a noisy line) is thrown away whole at Enter, with one error
/// line: no part of it runs as a command.
@Suite struct LineEditorOverlongTests {
    @Test func overlongLineIsDroppedAtEnterWithOneErrorAndTheNextLineWorks() {
        var e = LineEditor(maxLineBytes: 16)
        let out = e.feed(Array((String(repeating: "x", count: 20) + "next\r").utf8))
        #expect(!out.contains { if case .submit = $0 { return true }; return false })
        let text = out.map { if case .write(let w) = $0 { return w }; return "|" }.joined()
        #expect(text.ranges(of: "error: line longer than 16 bytes; ignored").count == 1)
        #expect(text.hasSuffix("playhead> "))
        #expect(e.feed(Array("play\r".utf8)) == [.write("play\r\n"), .submit("play")])
    }
}
