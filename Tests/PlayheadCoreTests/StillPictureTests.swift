import Testing
@testable import PlayheadCore

@Suite struct StillPictureTests {
    private func info(_ format: String, _ tracks: [(MediaType, String)]) -> MediaInfo {
        MediaInfo(tracks: tracks.enumerated().map { TrackInfo(trackID: $0.offset, mediaType: $0.element.0, codec: $0.element.1) },
                  duration: MediaTime(value: 1, timescale: 25), isSeekable: true, isLocal: true, formatName: format)
    }

    @Test func picturesAreStillsAndVideosAreNot() {
        #expect(StillPicture.isStill(info("png_pipe", [(.video, "png")])))
        #expect(StillPicture.isStill(info("image2", [(.video, "mjpeg")])))
        #expect(StillPicture.isStill(info("webp_pipe", [(.video, "webp")])))
        // A motion-JPEG film in a container, an animated GIF, a picture with sound: not stills.
        #expect(!StillPicture.isStill(info("avi", [(.video, "mjpeg")])))
        #expect(!StillPicture.isStill(info("gif", [(.video, "gif")])))
        #expect(!StillPicture.isStill(info("image2", [(.video, "mjpeg"), (.audio, "aac")])))
        #expect(!StillPicture.isStill(info("image2", [])))
    }

    @Test func aStillTakesTheDurationItIsShownFor() {
        let shown = StillPicture.showing(info("png_pipe", [(.video, "png")]), for: MediaTime(value: 7, timescale: 1))
        #expect(shown.duration == MediaTime(value: 7, timescale: 1))
        #expect(shown.tracks[0].duration == MediaTime(value: 7, timescale: 1))
    }

    @Test func aPlaylistsDurationIsTakenWhenAPictureCouldShowForIt() {
        #expect(StillPicture.duration(seconds: 2.5) == MediaTime(value: 2500, timescale: 1000))
        #expect(StillPicture.duration(seconds: nil) == nil)
        #expect(StillPicture.duration(seconds: -1) == nil)
        #expect(StillPicture.duration(seconds: 0) == nil)
        #expect(StillPicture.duration(seconds: 100_000) == nil)
    }

    @Test func aFolderPlaysItsPictures() {
        let files = ["b.jpg", "a.mp4", "c.PNG", "d.webp", "notes.txt"].map { DirectoryPlaylist.Item(name: $0, size: 1, isRegularFile: true) }
        #expect(DirectoryPlaylist.playable(files) == ["a.mp4", "b.jpg", "c.PNG", "d.webp"])
    }

    @Test func aPlaylistKeepsEachEntrysDuration() {
        let list = Playlist([("a.png", "A", 2.5), ("b.mp4", nil, nil)])
        #expect(list.entries.map(\.duration) == [2.5, nil])
        var replaced = list
        replaced.replace(with: [("c.jpg", nil, 4), ("a.png", "A", 2.5)])
        #expect(replaced.entries.map(\.duration) == [4, 2.5])
    }
}
