import Testing
@testable import PlayheadCore

@Suite struct PlaybackPlaceTests {
    let place = PlaybackPlace(location: "/media/a b.mp4", index: 2, seconds: 12.3456, volume: 0.8, muted: true)

    @Test func roundTrips() throws {
        let back = try PlaybackPlace.decode(place.encoded).get()
        #expect(back.location == "/media/a b.mp4" && back.index == 2 && back.seconds == 12.346 && back.volume == 0.8 && back.muted)
    }

    @Test(arguments: [
        ("", "not a playhead state file"),
        ("{\"json\": true}", "not a playhead state file"),
        ("playhead-state 1\nitem=/a\nindex=0\nseconds=x\nvolume=1\nmuted=no\n", "no seconds"),
        ("playhead-state 1\nitem=/a\nindex=0\nseconds=1\nvolume=3\nmuted=no\n", "no volume"),
        ("playhead-state 1\nitem=/a\nindex=0\nseconds=1\nvol", "is not key=value"),
        ("playhead-state 1\nindex=0\nseconds=1\nvolume=1\nmuted=no\n", "no item"),
    ])
    func damagedOrForeignFilesAreRefusedWithTheReason(text: String, why: String) {
        guard case .failure(let e) = PlaybackPlace.decode(text) else {
            Issue.record("\(text) was taken")
            return
        }
        #expect(e.message.contains(why), "\(e.message)")
    }

    @Test func aFileNameCannotAddAKey() throws {
        let name = "/media/usb/a\nindex=9\nvolume=0.1\\n\u{1B}[2J\u{85}é.mp4"
        let hostile = PlaybackPlace(location: name, index: 1, seconds: 2, volume: 0.5, muted: false, unprovenStarts: 1)
        #expect(hostile.encoded.split(separator: "\n").count == 7)
        let back = try PlaybackPlace.decode(hostile.encoded).get()
        #expect(back == hostile)
    }

    @Test func aVersion1FileStillResumes() throws {
        let back = try PlaybackPlace.decode("playhead-state 1\nitem=/a\\b.mp4\nindex=3\nseconds=4\nvolume=1\nmuted=no\n").get()
        #expect(back == PlaybackPlace(location: "/a\\b.mp4", index: 3, seconds: 4, volume: 1, muted: false))
    }

    @Test(arguments: [
        ("playhead-state 2\nitem=/a\nindex=0\nindex=5\nseconds=1\nvolume=1\nmuted=no\n", "given twice"),
        ("playhead-state 2\nitem=/a\\q\nindex=0\nseconds=1\nvolume=1\nmuted=no\n", "no item"),
        ("playhead-state 2\nitem=/a\nindex=0\nseconds=1\nvolume=1\nmuted=no\nstarts=-1\n", "no starts"),
    ])
    func hostileStateFilesAreRefused(text: String, why: String) {
        guard case .failure(let e) = PlaybackPlace.decode(text) else {
            Issue.record("\(text) was taken")
            return
        }
        #expect(e.message.contains(why), "\(e.message)")
    }

    @Test func theEntryIsFoundByPlaceThenByLocation() {
        var list = Playlist([("/x", nil), ("/y", nil), ("/media/a b.mp4", nil)])
        #expect(place.entry(in: list)?.id == list.entries[2].id)
        // The playlist changed: the same file elsewhere.
        list = Playlist([("/media/a b.mp4", nil), ("/x", nil)])
        #expect(place.entry(in: list)?.id == list.entries[0].id)
        #expect(place.entry(in: Playlist([("/x", nil)])) == nil)
    }
}
