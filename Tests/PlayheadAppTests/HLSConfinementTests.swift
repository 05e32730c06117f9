import Glibc
import PlayheadSys
@testable import PlayheadApp
import Testing

/// An HLS playlist on a stranger's stick: FFmpeg opens its segments, keys, init sections and
/// variants by itself, so they are checked to stay on the stick before it plays.
@Suite struct HLSConfinementTests {
    let fixture: StickFixture
    var top: String { fixture.top }
    var stick: String { fixture.stick }

    init() throws {
        fixture = try StickFixture("ph-hls", folders: ["media/usb/hls"],
                                   files: ["media/usb/hls/seg0.ts", "media/usb/hls/init.mp4", "outside/secret.ts", "outside/key.bin"])
    }

    func hls(_ lines: [String]) -> String {
        (["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:2"] + lines + ["#EXT-X-ENDLIST", ""]).joined(separator: "\n")
    }

    func play(_ path: String) -> (items: [String], said: [String]) {
        var said: [String] = []
        let items = fixture.loader([path]).expand { said.append($0) }.map(\.location)
        return (items, said)
    }

    @Test func aStreamWhoseSegmentsStayOnTheStickPlays() throws {
        try FileOutput.write(Array(hls(["#EXT-X-MAP:URI=\"init.mp4\"", "#EXTINF:2,", "seg0.ts"]).utf8), to: stick + "/hls/s.m3u8")
        #expect(play(stick + "/hls/s.m3u8") == ([stick + "/hls/s.m3u8"], []))
    }

    @Test func aSegmentOrKeyOutsideTheStickRefusesTheStream() throws {
        try FileOutput.write(Array(hls(["#EXTINF:2,", "../../../outside/secret.ts"]).utf8), to: stick + "/hls/up.m3u8")
        let up = play(stick + "/hls/up.m3u8")
        #expect(up.items.isEmpty)
        #expect(up.said == ["\(stick)/hls/up.m3u8 names \(top)/outside/secret.ts: leads outside \(stick) (to \(top)/outside/secret.ts); skipped"])
        try FileOutput.write(Array(hls(["#EXT-X-KEY:METHOD=AES-128,URI=\"\(top)/outside/key.bin\"", "#EXTINF:2,", "seg0.ts"]).utf8),
                             to: stick + "/hls/key.m3u8")
        #expect(play(stick + "/hls/key.m3u8").items.isEmpty)
        try FileOutput.write(Array(hls(["#EXTINF:2,", "http://192.0.2.1/seg.ts"]).utf8), to: stick + "/hls/net.m3u8")
        #expect(play(stick + "/hls/net.m3u8").said.first?.contains("a URL in a playlist on removable media") == true)
    }

    @Test func variantsAreFollowedAndBounded() throws {
        try FileOutput.write(Array(hls(["#EXTINF:2,", "/proc/self/environ.ts"]).utf8), to: stick + "/hls/bad.m3u8")
        let master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nbad.m3u8\n"
        try FileOutput.write(Array(master.utf8), to: stick + "/hls/master.m3u8")
        #expect(play(stick + "/hls/master.m3u8").said.first?.hasPrefix("\(stick)/hls/bad.m3u8 names /proc/self/environ.ts") == true)
        // A playlist that names itself is no stream: refused at the depth limit, not followed for ever.
        try FileOutput.write(Array("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nloop.m3u8\n".utf8), to: stick + "/hls/loop.m3u8")
        #expect(play(stick + "/hls/loop.m3u8").said.first?.hasPrefix("HLS playlists nested more than 3 deep") == true)
    }

    @Test func anHLSEntryOfAStickListIsCheckedToo() throws {
        try FileOutput.write(Array(hls(["#EXTINF:2,", "../../../outside/secret.ts"]).utf8), to: stick + "/hls/up.m3u8")
        try FileOutput.write(Array("hls/up.m3u8\n".utf8), to: stick + "/list.m3u")
        let r = play(stick + "/list.m3u")
        #expect(r.items.isEmpty)
        #expect(r.said.first?.hasPrefix("\(stick)/list.m3u:1: \(stick)/hls/up.m3u8 names") == true)
    }

    @Test func theOperatorsOwnStreamsAreTrusted() throws {
        try FileOutput.write(Array(hls(["#EXTINF:2,", "outside/secret.ts"]).utf8), to: top + "/own.m3u8")
        #expect(play(top + "/own.m3u8") == ([top + "/own.m3u8"], []))
    }
}
