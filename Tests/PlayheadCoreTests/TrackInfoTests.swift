import PlayheadCore
import Testing

struct TrackInfoTests {
    /// A damaged header's negative numbers are unknown (0), never sizes to allocate with.
    @Test func negativeHeaderNumbersReadAsUnknown() {
        let t = TrackInfo(trackID: 0, mediaType: .video, codec: "h264", naturalSize: PixelSize(width: -1920, height: -1),
                          sampleRate: -48000, channelCount: Int(Int32.min))
        #expect(t.naturalSize == .zero)
        #expect(t.sampleRate == 0)
        #expect(t.channelCount == 0)
        let good = TrackInfo(trackID: 1, mediaType: .audio, codec: "aac", naturalSize: PixelSize(width: 640, height: 480),
                             sampleRate: 48000, channelCount: 2)
        #expect(good.naturalSize == PixelSize(width: 640, height: 480) && good.sampleRate == 48000 && good.channelCount == 2)
    }
}
