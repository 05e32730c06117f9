import Playhead
@testable import PlayheadApp
import PlayheadTestSupport
import Testing

@Suite struct EventPrinterTests {
    static func failed(_ message: String) -> PlayerEvent {
        PlayerEvent(.failedToPlayToEndTime(PlaybackError(.fileNotFound, message)), item: nil, time: .zero)
    }

    static func hasControl(_ line: String) -> Bool { line.unicodeScalars.contains(where: ControlCharacters.isControl) }

    @Test func textAndJSONEventsCarryNoControlCharacters() {
        let out = SharedValue<[String]>([])
        let printer = EventPrinter(format: "text", output: { l in out.update { $0.append(l) } })
        printer.print(Self.failed("cannot open /m/\u{1B}[2Jx.mp4\nnext"))
        printer.setFormat("jsonl")
        printer.print(Self.failed("T\u{9B}31m Café"))
        let lines = out.get
        try? #require(lines.count == 2)
        #expect(lines[0].hasSuffix(#"error=cannot open /m/\u{1B}[2Jx.mp4\nnext"#))
        #expect(lines[1].contains(#""error":"T\u009b31m Café""#))
        #expect(!lines.contains(where: Self.hasControl))
    }

    /// The stdio console gets events under the same budget as every session: 20 a second, and
    /// the first one after a burst says how many were left out. The clock is the test's.
    @Test func eventsToTheConsoleKeepToTheBudget() {
        let out = SharedValue<[String]>([])
        let now = SharedValue<Int64>(1_000_000_000)
        let printer = EventPrinter(format: "text", output: { l in out.update { $0.append(l) } },
                                   budget: EventBudget(), now: { now.get })
        for i in 0..<30 { printer.print(Self.failed("e\(i)")) }
        #expect(out.get.count == 20)
        now.set(2_000_000_000)
        printer.print(Self.failed("late"))
        #expect(out.get.count == 22)
        #expect(out.get[20] == "(10 events left out)")
        #expect(out.get[21].hasSuffix("error=late"))
    }
}
