@testable import PlayheadCore
import Testing

struct ContentManifestTests {
    static let hashA = String(repeating: "a", count: 64)
    static let hashB = String(repeating: "b", count: 64)

    static func text(files: String, playlist: String = #"["clips/open.mp4"]"#) -> [UInt8] {
        Array(#"{"files": [\#(files)], "playlist": \#(playlist)}"#.utf8)
    }

    static let good = text(files: #"{"path": "clips/open.mp4", "size": 1048576, "sha256": "\#(hashA)"}, {"path": "b.png", "size": 0, "sha256": "\#(hashB.uppercased())"}"#,
                           playlist: #"["clips/open.mp4", "b.png", "clips/open.mp4"]"#)

    @Test func aManifestListsFilesAndPlaylist() throws {
        let m = try ContentManifest.parse(Self.good).get()
        #expect(m.files.map(\.path) == ["clips/open.mp4", "b.png"])
        #expect(m.files[1].sha256 == Self.hashB)
        #expect(m.playlist == ["clips/open.mp4", "b.png", "clips/open.mp4"])
        #expect(m.totalBytes == 1_048_576)
    }

    @Test func pathsThatLeaveTheFolderAreRefused() {
        for path in ["../etc/passwd", "/etc/passwd", "a/../../b", ".hidden", "a//b", "a/./b", "", "sp ace.mp4", "a\\b", "ü.mp4",
                     String(repeating: "a/", count: 9) + "b", String(repeating: "x", count: 256)] {
            let m = ContentManifest.parse(Self.text(files: #"{"path": "\#(path)", "size": 1, "sha256": "\#(Self.hashA)"}"#, playlist: "[]"))
            guard case .failure(let f) = m else { Issue.record("\(path) was taken"); continue }
            #expect(f.reason.hasPrefix("file 1:"), "\(path): \(f)")
        }
    }

    @Test func sizesHashesAndThePlaylistAreChecked() {
        let cases: [([UInt8], String)] = [
            (Self.text(files: #"{"path": "a", "size": -1, "sha256": "\#(Self.hashA)"}"#), "size"),
            (Self.text(files: #"{"path": "a", "size": 1.5, "sha256": "\#(Self.hashA)"}"#), "size"),
            (Self.text(files: #"{"path": "a", "size": 1, "sha256": "abc"}"#), "sha256"),
            (Self.text(files: #"{"path": "a", "size": 1, "sha256": "\#(String(repeating: "g", count: 64))"}"#), "sha256"),
            (Self.text(files: #"{"path": "a", "size": 1, "sha256": "\#(Self.hashA)"}, {"path": "A", "size": 1, "sha256": "\#(Self.hashA)"}"#), "listed twice"),
            (Self.text(files: #"{"path": "a", "size": 1, "sha256": "\#(Self.hashA)"}"#, playlist: #"["b"]"#), "does not list"),
            (Self.text(files: #"{"path": "a", "size": 1, "sha256": "\#(Self.hashA)"}"#, playlist: "[]"), "empty"),
            (Array(#"{"playlist": []}"#.utf8), "no \"files\""),
            (Array("not json".utf8), "not JSON"),
            ([UInt8](repeating: 0x20, count: ContentManifest.maxBytes + 1), "over 1024 KB"),
        ]
        for (bytes, why) in cases {
            guard case .failure(let f) = ContentManifest.parse(bytes) else { Issue.record("taken: \(why)"); continue }
            #expect(f.reason.contains(why), "\(f)")
        }
    }
}
