import PlayheadCore
import Testing

/// Only media protocols become locations: FFmpeg's other protocols (a pipe, a listening
/// socket, a slice of any file) are refused with one line naming the entry.
struct MediaLocationTests {
    @Test(arguments: ["pipe:0", "tcp://0.0.0.0:9000?listen", "tcp:127.0.0.1:80", "subfile,,start,0,end,100,,:/etc/passwd",
                      "concat:a.mp4|/etc/shadow", "data:video/mp4;base64,AAAA", "rtmp://host/app", "unix:/run/x.sock", "fd:3"])
    func nonMediaProtocolsAreRefused(_ text: String) {
        do {
            _ = try MediaLocation(text)
            Issue.record("\(text) was taken")
        } catch {
            #expect(error.code == .invalidLocation)
            #expect(error.message.hasSuffix("unsupported scheme; use a file path, http://, https://, udp:// or rtp://"))
        }
    }

    @Test func mediaLocationsAreTaken() throws {
        #expect(try MediaLocation("http://host/a.mp4").scheme == .http)
        #expect(try MediaLocation("https://host/a.m3u8").scheme == .https)
        #expect(try MediaLocation("udp://@239.1.1.1:1234").scheme == .udp)
        #expect(try MediaLocation("rtp://239.1.1.1:5004").scheme == .rtp)
        #expect(try !MediaLocation("udp://127.0.0.1:1234").isLocal)
        #expect(try MediaLocation("file:///media/usb/a.mp4").string == "/media/usb/a.mp4")
        #expect(try MediaLocation("/media/usb/a:b.mp4").scheme == .file)
        #expect(try MediaLocation("./pipe:0").string == "./pipe:0")
        #expect(try MediaLocation("clip 1.mp4").scheme == .file)
    }
}
