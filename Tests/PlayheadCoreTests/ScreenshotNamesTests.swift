import PlayheadCore
import Testing

struct ScreenshotNamesTests {
    @Test func namesAreNumberedAfterTheHighestAndOnlyOursCount() {
        #expect(ScreenshotNames.name(7) == "screenshot-000007.png")
        let names = ["screenshot-000003.png", "screenshot-000011.png", "notes.txt", "screenshot-x.png",
                     "screenshot-99999999999999999999.png", "screenshot-000012.png.new"]
        #expect(ScreenshotNames.next(after: names) == 12)
        #expect(ScreenshotNames.next(after: []) == 1)
    }

    @Test func theOldestGoBeyondTheCount() {
        let names = ["screenshot-000010.png", "screenshot-000002.png", "screenshot-000005.png", "keep-me.png"]
        #expect(ScreenshotNames.surplus(in: names, keep: 2) == ["screenshot-000002.png"])
        #expect(ScreenshotNames.surplus(in: names, keep: 0) == ["screenshot-000002.png", "screenshot-000005.png", "screenshot-000010.png"])
        #expect(ScreenshotNames.surplus(in: names, keep: 5).isEmpty)
    }
}
