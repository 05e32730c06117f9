import PlayheadCore
import Testing

/// What an entry on a stick may reach: only that stick; and URLs only when allowed.
struct RemovableMediaTests {
    let media = RemovableMedia(roots: ["/media", "/run/media/"])

    @Test func theStickIsTheFirstFolderBelowARoot() {
        #expect(media.stick(of: "/media/usb/videos/a.mp4") == "/media/usb")
        #expect(media.stick(of: "/run/media/sd/list.m3u") == "/run/media/sd")
        #expect(media.stick(of: "/media/list.m3u") == "/media")
        #expect(media.stick(of: "/mediafiles/a.mp4") == nil)
        #expect(media.stick(of: "/media/usb", isFolder: true) == "/media/usb")
        #expect(media.stick(of: "/media", isFolder: true) == "/media")
        #expect(media.stick(of: "/usr/share/playhead/demo.mp4") == nil)
    }

    @Test func entriesMustStayOnTheirStick() {
        #expect(media.refusal(entry: "/media/usb/a.mp4", resolved: "/media/usb/a.mp4", stick: "/media/usb") == nil)
        #expect(media.refusal(entry: "/media/usb/link.mp4", resolved: "/etc/shadow", stick: "/media/usb")
            == "leads outside /media/usb (to /etc/shadow); skipped")
        // A neighbour whose name starts the same is another stick.
        #expect(media.refusal(entry: "/media/usb2/a.mp4", resolved: "/media/usb2/a.mp4", stick: "/media/usb") != nil)
    }

    @Test func urlsOnlyWhenAllowed() {
        #expect(media.refusal(entry: "http://10.0.0.1/a.mp4", resolved: nil, stick: "/media/usb")
            == "a URL in a playlist on removable media; skipped (set removable-urls = yes to allow)")
        let open = RemovableMedia(roots: ["/media"], allowsURLs: true)
        #expect(open.refusal(entry: "http://10.0.0.1/a.mp4", resolved: nil, stick: "/media/usb") == nil)
    }

    @Test func rootsFromTheOption() {
        #expect(RemovableMedia.roots(from: " /media , /mnt,,") == ["/media", "/mnt"])
        // The whole file system is never "a stick".
        #expect(RemovableMedia(roots: ["/"]).roots.isEmpty)
    }
}
