/// The one format the audio path carries between source and sink: interleaved 32-bit float at
/// the sink's rate and channel count. Sources convert to it (libswresample), so a sink never
/// sees a format it did not ask for.
public struct AudioFormat: Sendable, Hashable, CustomStringConvertible {
    public var sampleRate: Int
    public var channels: Int
    public init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }
    public static let standard = AudioFormat(sampleRate: 48_000, channels: 2)
    public var description: String { "\(sampleRate) Hz, \(channels) ch, f32" }

    public func duration(ofFrames frames: Int) -> MediaTime {
        MediaTime(value: Int64(frames), timescale: Int32(sampleRate))
    }
}
