import CFFmpeg
import CShims
import PlayheadCore

extension StreamTimeBase {
    /// A stream's time base as its container declared it, with the item's zero at the
    /// container's start (in AV_TIME_BASE units). The maths is the core's: every number here
    /// comes from the file (see StreamTimeBase).
    init(stream: UnsafeMutablePointer<AVStream>, containerStart: Int64) {
        let tb = stream.pointee.time_base
        self.init(numerator: tb.num, denominator: tb.den,
                  start: MediaTime(value: containerStart, timescale: playhead_time_base()))
    }
}
