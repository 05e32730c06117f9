import Glibc
import PlayheadSys
@testable import PlayheadApp

/// A made-up board's folders under /tmp: `media` as the removable root with the stick
/// `media/usb` in it, and `outside`, which the stick's entries must not reach.
struct StickFixture {
    let top: String
    var stick: String { top + "/media/usb" }

    /// `folders` and `files` (whose contents do not matter) are relative to the top.
    init(_ prefix: String, folders: [String], files: [String]) throws {
        top = "/tmp/\(prefix)-\(UInt32.random(in: 0...UInt32.max))"
        for dir in [top, top + "/media", top + "/media/usb", top + "/outside"] + folders.map({ top + "/" + $0 }) { mkdir(dir, 0o755) }
        for name in files { try FileOutput.write(Array("not really media".utf8), to: top + "/" + name) }
    }

    func loader(_ args: [String], urls: Bool = false) -> PlaylistLoader {
        PlaylistLoader(arguments: args, removable: RemovableMedia(roots: [top + "/media"], allowsURLs: urls))
    }
}
