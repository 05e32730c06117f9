import Foundation
import Testing
import Playhead
import PlayheadSys
import PlayheadTestSupport
@testable import PlayheadFFmpeg

/// A live stream received over UDP, as a multicast IPTV channel or an encoder on the network
/// sends it: MPEG-TS in datagrams of seven packets, here from a Python sender on loopback.
@Suite(.serialized, .timeLimit(.minutes(2))) struct LiveStreamTests {
    static let media = FFmpegPlaybackTests.media

    /// Sends `file` over and over to a free UDP port on loopback, which it prints first.
    static func sender(file: String) async -> LoopbackScript? {
        let script = """
        import os, signal, socket, sys, threading, time
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        print(port, flush=True)
        data = open(sys.argv[1], "rb").read()
        out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        while True:
            for i in range(0, len(data), 1316):
                try:
                    out.sendto(data[i:i + 1316], ("127.0.0.1", port))
                except OSError:
                    pass
                time.sleep(0.0005)
        """
        return await LoopbackScript.start(script: script, arguments: [file])
    }

    @Test func onlyTheDatagramProtocolsAreAllowed() throws {
        #expect(FormatContext.protocols(for: try MediaLocation("udp://@239.1.1.1:1234")) == "udp")
        #expect(FormatContext.protocols(for: try MediaLocation("rtp://239.1.1.1:5004")) == "rtp,udp")
        #expect(FormatContext.protocols(for: try MediaLocation("/a.mp4")) == "file,crypto")
    }

    @Test func aUDPStreamOpensAndDecodes() async throws {
        let sender = try #require(await Self.sender(file: "\(Self.media)/mpeg2_mp2.ts"))
        defer { sender.stop() }
        let options = SourceOptions(networkTimeoutNanoseconds: 10_000_000_000)
        // The open waits for datagrams: on a thread of its own, not the test pool's.
        let location = try MediaLocation("udp://127.0.0.1:\(sender.port)")
        let source = try await OwnThread.run { Result { try FFmpegBackend().open(location, options: options) } }.get()
        defer { source.close() }
        #expect(source.info.hasVideo && source.info.hasAudio)
        // The datagrams come from a real sender in real time: the source's wake says when to
        // pull again (SourceWake).
        let wake = SourceWake()
        source.start(wake: wake.call)
        var pictures = 0, sound = 0
        // Each wake may stand for more than one element: take all there are.
        let enough = await wake.wait {
            while case .element = source.pullVideo() { pictures += 1 }
            while case .element = source.pullAudio() { sound += 1 }
            return pictures >= 10 && sound >= 5
        }
        #expect(enough, "\(pictures) pictures and \(sound) sound buffers from the stream")
    }
}
