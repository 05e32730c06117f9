import PlayheadCore
import Testing

@Suite struct PlaylistParsingTests {
    @Test func m3uWithTitlesRelativePathsURLsCommentsCRLFAndBOM() {
        let text = "\u{FEFF}#EXTM3U\r\n#EXTINF:12.5 tvg-id=\"x\",Opening titles\r\nclips/intro.mp4\r\n# a note\r\n\r\n"
            + "#EXTINF:-1,Live radio\r\nhttps://radio.example/stream.aac\r\n../shared/./ad.mp4\r\n/abs/olute.mkv\r\nfile:///usb/a%20b.mp4\r\n"
        guard case .list(let entries) = M3UPlaylist.parse(text, baseDirectory: "/media/usb/lists") else {
            Issue.record("a list was taken for HLS")
            return
        }
        #expect(entries.map(\.location) == ["/media/usb/lists/clips/intro.mp4", "https://radio.example/stream.aac",
                                            "/media/usb/shared/ad.mp4", "/abs/olute.mkv", "/usb/a%20b.mp4"])
        #expect(entries.map(\.title) == ["Opening titles", "Live radio", nil, nil, nil])
        #expect(entries.map(\.duration) == [12.5, nil, nil, nil, nil])
        #expect(entries.map(\.line) == [3, 7, 8, 9, 10])
    }

    @Test func anHLSPlaylistIsOneStreamNotAList() {
        let text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg0.ts\n#EXT-X-ENDLIST\n"
        #expect(M3UPlaylist.parse(text, baseDirectory: "/x") == .hls)
    }

    @Test func anEmptyPlaylistIsAnEmptyList() {
        #expect(M3UPlaylist.parse("#EXTM3U\n\n# nothing yet\n", baseDirectory: "/x") == .list([]))
        #expect(M3UPlaylist.parse("", baseDirectory: "/x") == .list([]))
    }

    @Test func pathsNormalise() {
        #expect(PathName.normalized("/a/./b//c/../d") == "/a/b/d")
        #expect(PathName.normalized("/../x") == "/x")
        #expect(PathName.normalized("a/../../b") == "../b")
        #expect(PathName.directory(of: "/m/list.m3u") == "/m")
        #expect(PathName.directory(of: "/list.m3u") == "/")
    }

    @Test func naturalOrderPutsTwoBeforeTen() {
        let names = ["track 10.mp3", "Track 9.mp3", "track 1.mp3", "02 b.mp4", "10 c.mp4", "1 a.mp4", "b.mp4", "A.mp4", "007.mp4", "7.mp4"]
        #expect(names.sorted(by: NaturalOrder.less) == ["1 a.mp4", "02 b.mp4", "007.mp4", "7.mp4", "10 c.mp4", "A.mp4", "b.mp4",
                                                        "track 1.mp3", "Track 9.mp3", "track 10.mp3"])
    }

    @Test func aFolderPlaysItsMediaWithoutHiddenOrSystemFiles() {
        let items = ["2.mp4", "10.MP4", "._2.mp4", ".hidden.mp4", "notes.txt", "System Volume Information", "Thumbs.db", "clip.mkv"]
            .map { DirectoryPlaylist.Item(name: $0, size: 10, isRegularFile: $0 != "System Volume Information") }
            + [DirectoryPlaylist.Item(name: "sub.mp4", size: 0, isRegularFile: false)]
        #expect(DirectoryPlaylist.playable(items) == ["2.mp4", "10.MP4", "clip.mkv"])
    }

    @Test func aFileStillBeingCopiedIsHeldBackUntilItsSizeStandsStill() {
        var settle = CopySettle(settleNanoseconds: 2_000_000_000)
        var look = settle.observe([("a.mp4", 100), ("b.mp4", 50)], now: 0)
        #expect(look.ready.isEmpty)
        #expect(look.lookAgainAt == 2_000_000_000)
        look = settle.observe([("a.mp4", 100), ("b.mp4", 80)], now: 2_000_000_000)
        #expect(look.ready == ["a.mp4"])
        #expect(look.lookAgainAt == 4_000_000_000)
        look = settle.observe([("b.mp4", 80)], now: 4_000_000_000)
        #expect(look.ready == ["b.mp4"])
        #expect(look.lookAgainAt == nil)
        // A file that went away and came back starts again.
        look = settle.observe([("a.mp4", 100), ("b.mp4", 80)], now: 5_000_000_000)
        #expect(look.ready == ["b.mp4"])
    }
}
