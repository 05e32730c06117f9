import Foundation
import Testing
import Playhead
import PlayheadFFmpeg
import PlayheadTestSupport

/// Pictures as items: each shows its one picture for its duration, then the queue goes on.
@Suite(.timeLimit(.minutes(2))) struct StillPictureTests {
    private func play(_ items: [(name: String, seconds: Double?)], defaultSeconds: Double = 10) async throws -> PlayerHarness {
        let media = FFmpegPlaybackTests.media
        try #require(FileManager.default.fileExists(atPath: "\(media)/still.png"), "\(media) has no still pictures: run `make media`")
        var options = SourceOptions()
        options.stillDuration = StillPicture.duration(seconds: defaultSeconds)!
        let backend = FFmpegBackend()
        let h = PlayerHarness(urls: [], backend: backend, sourceOptions: options, stepped: false)
        h.player.insertAll(items.map {
            PlayerItem(asset: Asset(url: "\(media)/\($0.name)", backend: backend), stillDuration: StillPicture.duration(seconds: $0.seconds))
        })
        h.player.play()
        #expect(await h.waitUntilQueueEnds(seconds: 60), "queue did not end")
        return h
    }

    private func ends(_ h: PlayerHarness) -> [String] {
        h.events.filter { $0.name == "didPlayToEndTime" }.map { "\(($0.item?.asset.url).map { ($0 as NSString).lastPathComponent } ?? "-") \($0.time.secondsText)" }
    }

    @Test func eachPictureShowsForTheDefaultDuration() async throws {
        let h = try await play([("still.png", nil), ("still.jpg", nil), ("still.webp", nil)], defaultSeconds: 2)
        #expect(ends(h) == ["still.png 2.000", "still.jpg 2.000", "still.webp 2.000"])
        // One picture each, of the picture's size.
        #expect(h.video.frames.count == 3)
        #expect(h.player.items().isEmpty)
    }

    @Test func aPlaylistsOwnDurationWinsOverTheDefault() async throws {
        let h = try await play([("still.png", 1.5), ("still.jpg", nil)], defaultSeconds: 3)
        #expect(ends(h) == ["still.png 1.500", "still.jpg 3.000"])
    }

    @Test func anItemReportsThePictureAsItsDuration() async throws {
        let h = try await play([("still.webp", 4)])
        let item = try #require(h.events.first { $0.name == "didPlayToEndTime" }?.item)
        #expect(item.duration == MediaTime(value: 4000, timescale: 1000))
    }
}
