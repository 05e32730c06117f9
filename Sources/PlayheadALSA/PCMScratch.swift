import DequeModule
import PlayheadCore

/// Reusable conversion buffers for the audio thread: no allocation per period.
struct PCMScratch {
    private var floats: [Float] = []
    private var int16: [Int16] = []
    private var int32: [Int32] = []

    /// Converts `samples` to the device's format and writes `frames` frames of them.
    mutating func write(_ samples: Slice<Deque<Float>>, frames: Int, format: PCMSampleFormat, to device: any PCMOutput) -> PCMResult {
        floats.removeAll(keepingCapacity: true)
        floats.append(contentsOf: samples)
        switch format {
        case .float32:
            return floats.withUnsafeBytes { device.write($0, frames: frames) }
        case .signed32:
            SampleConverter.toInt32(floats[...], into: &int32)
            return int32.withUnsafeBytes { device.write($0, frames: frames) }
        case .signed16:
            SampleConverter.toInt16(floats[...], into: &int16)
            return int16.withUnsafeBytes { device.write($0, frames: frames) }
        }
    }
}
