import Foundation
import Playhead
import PlayheadSys
@testable import PlayheadFFmpeg
import PlayheadTestSupport
import Testing

/// HTTPS servers are checked: an item on a server whose certificate no known authority signed
/// is refused, and so are an HLS playlist's segments on such a server; the same server plays
/// once its authority is the CA file. Real FFmpeg, real TLS, on loopback.
@Suite struct TLSVerifyTests {
    static let media = FFmpegPlaybackTests.media

    func probe(_ url: String, tls: TLSPolicy) async -> Result<Double?, PlaybackError> {
        await OwnThread.run {
            Result { () throws(PlaybackError) -> Double? in
                let probed = try FFmpegBackend().probe(try MediaLocation(url), options: SourceOptions(networkTimeoutNanoseconds: 10_000_000_000, tls: tls))
                defer { probed.close() }
                return probed.info.duration.seconds
            }
        }
    }

    @Test func aServerNoKnownAuthoritySignedIsRefusedAndItsOwnAuthorityLetsItPlay() async throws {
        let dir = TemporaryDirectory()
        let server = try #require(await TLSHTTPServer.start(root: Self.media, in: dir), "openssl or python3's TLS server did not start")
        defer { server.stop() }
        let url = "\(server.base)/h264_aac.mp4"
        let system = TLSPolicy.checked
        guard case .failure(let refused) = await probe(url, tls: system) else {
            Issue.record("a certificate signed by nobody known was accepted")
            return
        }
        #expect(refused.code == .connectionFailed && refused.message.contains(url))
        #expect(refused.message.contains("signed by an authority in \(TLSPolicy.systemBundle) (--tls-ca-file)"))
        let own = TLSPolicy(verify: true, caFile: server.certificate, clockFile: nil)
        #expect(try await probe(url, tls: own).get().map { $0 > 1 } == true)
        #expect(try await probe(url, tls: .unchecked).get().map { $0 > 1 } == true)
    }

    @Test func anHLSPlaylistsSegmentsOnAnUntrustedServerAreRefused() async throws {
        let dir = TemporaryDirectory()
        let server = try #require(await TLSHTTPServer.start(root: Self.media, in: dir))
        defer { server.stop() }
        let plain = try #require(await StaticHTTPServer.start(root: dir.path))
        defer { plain.stop() }
        // A playlist on plain HTTP whose segments are on the HTTPS server.
        let text = try #require(FileInput.readText(Self.media + "/hls/index.m3u8"))
        let rewritten = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix(".ts") ? "\(server.base)/hls/\($0)" : String($0) }.joined(separator: "\n")
        try FileOutput.write(Array(rewritten.utf8), to: dir.file("mixed.m3u8"))
        let url = "\(plain.base)/mixed.m3u8"
        let system = TLSPolicy.checked
        if case .success = await probe(url, tls: system) { Issue.record("the segments' untrusted server was accepted") }
        let own = TLSPolicy(verify: true, caFile: server.certificate, clockFile: nil)
        #expect(try await probe(url, tls: own).get().map { $0 > 1 } == true)
    }
}

/// On a board whose clock is only restored from /data, an HTTPS item is held back (and tried
/// again by the restart policy) before any connection; plain HTTP plays.
@Suite struct TLSClockHoldTests {
    @Test func anHTTPSItemWaitsForTheClockAndPlainHTTPDoesNot() async throws {
        let dir = TemporaryDirectory()
        let server = try #require(await TLSHTTPServer.start(root: TLSVerifyTests.media, in: dir))
        defer { server.stop() }
        let plain = try #require(await StaticHTTPServer.start(root: TLSVerifyTests.media))
        defer { plain.stop() }
        try FileOutput.write(Array("synchronised=no since=1790000000 source=saved:/data/clock\n".utf8), to: dir.file("clock"))
        let held = TLSPolicy(verify: true, caFile: server.certificate, clockFile: dir.file("clock"))
        let tests = TLSVerifyTests()
        guard case .failure(let e) = await tests.probe("\(server.base)/h264_aac.mp4", tls: held) else {
            Issue.record("an HTTPS item opened on an untrusted clock")
            return
        }
        #expect(e.message.contains("waits for a trusted clock"))
        #expect(try await tests.probe("\(plain.base)/h264_aac.mp4", tls: held).get().map { $0 > 1 } == true)
        try FileOutput.write(Array("synchronised=yes since=1790000000 source=ntp:10.0.2.2\n".utf8), to: dir.file("clock"))
        #expect(try await tests.probe("\(server.base)/h264_aac.mp4", tls: held).get().map { $0 > 1 } == true)
    }
}
