import CFFmpeg

/// One demuxed packet; owns its AVPacket.
final class Packet: @unchecked Sendable {
    let raw: UnsafeMutablePointer<AVPacket>

    init?() {
        guard let p = av_packet_alloc() else { return nil }
        raw = p
    }

    deinit {
        var p: UnsafeMutablePointer<AVPacket>? = raw
        av_packet_free(&p)
    }

    var streamIndex: Int { Int(raw.pointee.stream_index) }
    var pts: Int64 { raw.pointee.pts }
    var dts: Int64 { raw.pointee.dts }
    var duration: Int64 { raw.pointee.duration }
    /// Moves its times by `ticks` (a clock jump taken out; see ClockContinuity).
    func shift(by ticks: Int64) {
        guard ticks != 0 else { return }
        // Int64.min is AV_NOPTS_VALUE, "no time": it stays so.
        if raw.pointee.pts != Int64.min { raw.pointee.pts &+= ticks }
        if raw.pointee.dts != Int64.min { raw.pointee.dts &+= ticks }
    }

    var isKeyframe: Bool { raw.pointee.flags & AV_PKT_FLAG_KEY != 0 }
}
