/// What the ALSA output did, for `--stats` and the console.
public struct ALSAStatistics: Sendable, Hashable {
    public var underruns = 0
    /// Underruns with nothing left to write (the end of the sound, a stall upstream).
    public var starved = 0
    public var suspends = 0
    public var writes = 0
    public var framesWritten: Int64 = 0
    public var moves = 0
    public var lost = 0
    public var audioThreadCPUNanoseconds: Int64 = 0

    public init() {}

    public func summary(device: String, format: String, rate: Int, period: Int, buffer: Int) -> String {
        let seconds = Double(framesWritten) / Double(max(rate, 1))
        let cpu = seconds > 0 ? Double(audioThreadCPUNanoseconds) / 1_000_000 / seconds : 0
        return "device=\(device) \(format) \(rate) Hz period=\(period) buffer=\(buffer) frames written=\(framesWritten) underruns=\(underruns - starved) "
            + "starved=\(starved) suspends=\(suspends) moves=\(moves) lost=\(lost) audio-thread-cpu=\(Int(cpu.rounded()))ms-per-s"
    }
}
