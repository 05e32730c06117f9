@testable import PlayheadSys
import Testing

/// Line framing driven directly, read boundaries chosen by the test.
@Suite struct LineFramerTests {
    static func feed(_ framer: inout LineFramer, _ text: String) -> [LineFramer.Event] {
        Array(text.utf8).withUnsafeBytes { framer.append($0) }
    }

    @Test func twoLinesInOneReadAndOneLineInThree() {
        var framer = LineFramer(limit: 100)
        #expect(Self.feed(&framer, "pause\nplay\nse") == [.line("pause"), .line("play")])
        #expect(Self.feed(&framer, "ek 1") == [])
        #expect(framer.pendingCount == 6)
        #expect(Self.feed(&framer, "2\n") == [.line("seek 12")])
        #expect(framer.pendingCount == 0)
    }

    @Test func carriageReturnBeforeTheNewlineIsDroppedEvenWhenSplit() {
        var framer = LineFramer(limit: 100)
        #expect(Self.feed(&framer, "a\r\nb\r") == [.line("a")])
        #expect(Self.feed(&framer, "\n\n") == [.line("b"), .line("")])
        #expect(Self.feed(&framer, "c\rd\n") == [.line("c\rd")])
    }

    @Test func overlongLineIsSaidOnceAndSkippedToItsNewline() {
        var framer = LineFramer(limit: 8)
        #expect(Self.feed(&framer, "12345678\n") == [.line("12345678")])
        #expect(Self.feed(&framer, "12345") == [])
        #expect(Self.feed(&framer, "6789") == [.overlong])
        #expect(framer.pendingCount == 0)
        #expect(Self.feed(&framer, "more and more") == [])
        #expect(Self.feed(&framer, "end\nok\n") == [.line("ok")])
        #expect(Self.feed(&framer, "0123456789abc\nnext\n") == [.overlong, .line("next")])
    }
}
