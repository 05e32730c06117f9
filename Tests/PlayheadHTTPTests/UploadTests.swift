import Glibc
import PlayheadCore
@testable import PlayheadHTTP
import PlayheadSys
import PlayheadTestSupport
import Testing

/// Uploads land whole in the media folder under a checked name, or not at all, never larger
/// than the limit and never anywhere else.
@Suite struct UploadTests {
    @Test func anUploadLandsWholeUnderItsDecodedName() async throws {
        let media = TemporaryDirectory()
        let body = String(repeating: "frame", count: 20_000)
        try await LiveServer.run(FakeRemote(mediaFolder: media.path)) { client, _ in
            let r = try await client.send("/api/media/my%20clip.mp4", "PUT", body: body)
            #expect(r.status == 200)
            #expect(r.text == "{\"ok\":true,\"reply\":{\"uploaded\":\"my clip.mp4\",\"bytes\":100000}}\n")
        }
        #expect(FileInput.read(media.file("my clip.mp4"), limit: 1 << 20) == .text(body))
        #expect(FileOutput.names(in: media.path) == ["my clip.mp4"])
    }

    @Test func namesOutsideTheFolderOrNotMediaAreRefused() async throws {
        let media = TemporaryDirectory()
        try await LiveServer.run(FakeRemote(mediaFolder: media.path)) { client, _ in
            let empty = try await client.send("/api/media/empty.mp4", "PUT")
            #expect(empty.status == 400)
            #expect(empty.text.contains("is empty"))
            for name in ["..%2Fescape.mp4", "%2Ftmp%2Fabs.mp4", ".hidden.mp4", "run.sh", "bad%zz.mp4"] {
                let r = try await client.send("/api/media/\(name)", "PUT", body: "x")
                #expect(r.status == 400, "\(name)")
            }
        }
        #expect(FileOutput.names(in: media.path) ?? [] == [])
        #expect(!FileInput.exists(media.path + "/../escape.mp4"))
    }

    @Test func anUploadOverTheLimitIsRefusedAndLeavesNothing() async throws {
        let media = TemporaryDirectory()
        let overOneMB = String(repeating: "y", count: 1_048_577)
        try await LiveServer.run(FakeRemote(mediaFolder: media.path), ["--http-upload-limit", "1"]) { client, _ in
            let r = try await client.send("/api/media/big.mp4", "PUT", body: overOneMB)
            #expect(r.status == 413)
            #expect(r.text.contains("larger than the 1 MB --http-upload-limit allows"))
            let fits = try await client.send("/api/media/small.mp4", "PUT", body: String(overOneMB.dropFirst()))
            #expect(fits.status == 200)
        }
        #expect(FileOutput.names(in: media.path) == ["small.mp4"])
    }

    /// Without Content-Length the limit is found as the body comes, and what came is dropped.
    @Test func aChunkedUploadOverTheLimitIsCutOffAndLeavesNothing() async throws {
        let media = TemporaryDirectory()
        let overOneMB = [UInt8](repeating: 0x79, count: 1_048_577)
        try await LiveServer.run(FakeRemote(mediaFolder: media.path), ["--http-upload-limit", "1"]) { client, _ in
            let r = try await client.http.send("/api/media/streamed.mp4", "PUT", headers: LiveServer.bearer, body: overOneMB, chunked: true)
            #expect(r.status == 413)
            let fits = try await client.http.send("/api/media/fits.mp4", "PUT", headers: LiveServer.bearer,
                                                  body: Array(overOneMB.dropFirst()), chunked: true)
            #expect(fits.status == 200)
        }
        #expect(FileOutput.names(in: media.path) == ["fits.mp4"])
    }

    @Test func uploadsAreOffWithoutAFolder() async throws {
        try await LiveServer.run(FakeRemote()) { client, _ in
            let r = try await client.send("/api/media/a.mp4", "PUT", body: "x")
            #expect(r.status == 403)
            #expect(r.text.contains("--http-upload-dir"))
        }
    }

    @Test func aLinkInTheFolderIsReplacedNotWrittenThrough() async throws {
        let media = TemporaryDirectory(), elsewhere = TemporaryDirectory()
        try LiveServer.writeFile(elsewhere.file("target.mp4"), "precious")
        #expect(symlink(elsewhere.file("target.mp4"), media.file("link.mp4")) == 0)
        try await LiveServer.run(FakeRemote(mediaFolder: media.path)) { client, _ in
            let r = try await client.send("/api/media/link.mp4", "PUT", body: "new")
            #expect(r.status == 200)
        }
        #expect(FileInput.read(elsewhere.file("target.mp4"), limit: 100) == .text("precious"))
        #expect(FileInput.read(media.file("link.mp4"), limit: 100) == .text("new"))
    }
}
