import PlayheadCore
import Testing

@Suite struct UpdateSourceTests {
    let folders = ["/media", "/data/updates"]
    func source(_ word: String) -> UpdateSource? { try? UpdateSource.parse(word, folders: folders).get() }
    func refusal(_ word: String) -> String? {
        if case .failure(let e) = UpdateSource.parse(word, folders: folders) { return e.message }
        return nil
    }

    @Test func webServersAndFilesInTheUpdateFolders() {
        #expect(source("http://10.0.2.2:8000/playhead.raucb") == .url("http://10.0.2.2:8000/playhead.raucb"))
        #expect(source("HTTPS://updates.example/x?sig=a%20b") == .url("HTTPS://updates.example/x?sig=a%20b"))
        #expect(source("/media/usb/playhead.raucb") == .file("/media/usb/playhead.raucb"))
        #expect(source("/data/updates//next.raucb") == .file("/data/updates/next.raucb"))
    }

    @Test func pathsThatLeaveTheFoldersOrAreNoBundle() {
        #expect(refusal("/media/../etc/shadow.raucb") == "update: '/media/../etc/shadow.raucb' has . or .. in it; give the bundle's plain path")
        #expect(refusal("/etc/playhead/x.raucb")?.hasPrefix("update: '/etc/playhead/x.raucb' is outside /media, /data/updates;") == true)
        #expect(refusal("/data/updatesX/x.raucb")?.contains("is outside") == true)
        #expect(refusal("/media/usb/movie.mp4") == "update: '/media/usb/movie.mp4' is not a RAUC bundle (its name must end in .raucb)")
        #expect(refusal("media/usb/a.raucb")?.hasPrefix("update: 'media/usb/a.raucb' is not a full path") == true)
    }

    @Test func strangeCharactersAndSchemes() {
        #expect(refusal("/media/usb/$(reboot).raucb")?.hasPrefix("update: '/media/usb/$(reboot).raucb' has characters") == true)
        #expect(refusal("http://x/'a'")?.contains("has characters") == true)
        #expect(refusal("/media/usb/a\u{1b}[2J.raucb")?.contains("\\u{1B}") == true)
        #expect(refusal("ftp://x/a.raucb") == "update: 'ftp://x/a.raucb' is neither http:// nor https://; RAUC streams bundles only from web servers")
        #expect(refusal("http:///a.raucb") == "update: 'http:///a.raucb' names no server")
        #expect(refusal(String(repeating: "a", count: 1025))?.hasPrefix("update needs a URL or a file of at most 1024 bytes") == true)
    }

    @Test func rebootTimes() {
        #expect(UpdateReboot.parse("now") == .now)
        #expect(UpdateReboot.parse("03:30") == .at(hour: 3, minute: 30))
        #expect(UpdateReboot.parse("03:30")?.description == "03:30")
        #expect(UpdateReboot.parse("24:00") == nil)
        #expect(UpdateReboot.parse("3:30") == nil)
        #expect(UpdateReboot.parse("٠٣:٣٠") == nil)
        #expect(UpdateReboot.check("soon") == "'soon' is neither now nor a time of day as HH:MM (24-hour)")
    }

    @Test func theRequestLine() {
        let r = UpdateRequest(source: .file("/media/usb/a.raucb"), force: true, reboot: .at(hour: 2, minute: 5))
        #expect(r.line == "install /media/usb/a.raucb force=yes reboot=02:05\n")
        // A time of day carries the schedule's zone; at once needs none.
        let zoned = UpdateRequest(source: .file("/media/usb/a.raucb"), force: false, reboot: .at(hour: 2, minute: 5), zone: "Europe/Berlin")
        #expect(zoned.line == "install /media/usb/a.raucb force=no reboot=02:05 zone=Europe/Berlin\n")
        let now = UpdateRequest(source: .file("/media/usb/a.raucb"), force: false, reboot: .now, zone: "Europe/Berlin")
        #expect(now.line == "install /media/usb/a.raucb force=no reboot=now\n")
    }
}
