import Testing
@testable import PlayheadCore

@Suite struct TickerLineTests {
    @Test func aFilesLinesRunOneAfterTheOtherWithoutBlankLinesOrControls() {
        let (parts, cut) = TickerLine.parts("  Doors open at 9\r\n\n\tCafe\u{1B}on level 2  \nשלום\n")
        #expect(parts == ["Doors open at 9", TickerLine.separator, "Cafe on level 2", TickerLine.separator, "שלום"])
        #expect(!cut)
        #expect(TickerLine.parts("\n \n").parts == [])
    }

    @Test func aLongFileIsCutAndSaysSo() {
        let (parts, cut) = TickerLine.parts(String(repeating: "news of the day\n", count: 400))
        // The lines' characters, not the separators', count.
        #expect(parts.enumerated().filter { $0.offset % 2 == 0 }.reduce(0) { $0 + $1.element.count } == TickerLine.characterLimit)
        #expect(parts.last == "news ")
        #expect(cut)
    }

    @Test func eachPassStartsAndEndsWithTheBoxEmpty() {
        // A 300-pixel strip in a 100-pixel box at 100 pixels a second: a pass of 4 s.
        let at = { (seconds: Double) in
            TickerLine.place(elapsed: Int64(seconds * 1e9), speed: 100, stripWidth: 300, boxWidth: 100)
        }
        // The window starts on the gap (offset 300 of 400): empty; the line enters from the right.
        #expect(at(0) == (0, 300))
        #expect(at(0.5) == (0, 350))
        // After 1 s the strip's start is at the box's left edge.
        #expect(at(1) == (0, 0))
        #expect(at(3.99) == (0, 299))
        #expect(at(4) == (1, 300))
        #expect(at(9) == (2, 0))
    }

    @Test func monthsOfScrollingStayExact() {
        // 200 days at 2000 pixels a second: nanoseconds times pixels would be 3.5e19, past Int64.
        let days200: Int64 = 200 * 86_400 * 1_000_000_000
        let place = TickerLine.place(elapsed: days200 + 250_000_000, speed: 2000, stripWidth: 1000, boxWidth: 1000)
        // 2000 px/s over 200 days is a whole number of 2000-pixel passes; a quarter second more is 500.
        #expect(place.offset == 1500)
        #expect(place.pass == 200 * 86_400)
    }
}
