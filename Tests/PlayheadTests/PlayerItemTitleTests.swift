import Playhead
import Testing

/// What a title layer shows of an item: its playlist's title, else its file's name.
@Suite struct PlayerItemTitleTests {
    @Test func theTitleGivenElseTheFilesName() {
        #expect(PlayerItem(asset: Asset(url: "/data/a.mp4"), title: "The car").displayTitle == "The car")
        #expect(PlayerItem(asset: Asset(url: "/data/loop/a b.mp4")).displayTitle == "a b.mp4")
        #expect(PlayerItem(asset: Asset(url: "/data/a.mp4"), title: "").displayTitle == "a.mp4")
        #expect(PlayerItem(asset: Asset(url: "https://cdn.example/live/index.m3u8?token=x")).displayTitle == "index.m3u8")
    }
}
