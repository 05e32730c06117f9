import CFFmpeg
import CShims
import PlayheadCore

/// Converts between a stream's timestamps and the item's timeline, which starts at zero at the
/// container's start time.
struct StreamTiming: Sendable {
    let numerator: Int64
    let denominator: Int32
    /// The container's start time in this stream's time base.
    let offset: Int64

    init(stream: UnsafeMutablePointer<AVStream>, containerStart: Int64) {
        let tb = stream.pointee.time_base
        numerator = Int64(max(tb.num, 1))
        denominator = max(tb.den, 1)
        offset = av_rescale_q(containerStart, AVRational(num: 1, den: playhead_time_base()), tb)
    }

    func mediaTime(_ ts: Int64) -> MediaTime {
        if ts == playhead_nopts_value() { return .invalid }
        return MediaTime(value: (ts - offset) * numerator, timescale: denominator)
    }

    func timestamp(_ t: MediaTime) -> Int64 {
        guard t.isNumeric else { return t < .zero ? Int64.min : Int64.max }
        return t.converted(to: denominator).value / numerator + offset
    }

    /// One tick of this time base.
    var tick: MediaTime { MediaTime(value: numerator, timescale: denominator) }
}
