import CFFmpeg

/// One demuxed packet; owns its AVPacket.
final class Packet: @unchecked Sendable {
    let raw: UnsafeMutablePointer<AVPacket>

    init?() {
        guard let p = av_packet_alloc() else { return nil }
        raw = p
    }

    /// A packet of `bytes` at `pts` (a video packet's captions, made into the caption decoder's
    /// own packet).
    convenience init?(bytes: [UInt8], pts: Int64) {
        self.init()
        guard av_new_packet(raw, Int32(bytes.count)) >= 0 else { return nil }
        bytes.withUnsafeBufferPointer { b in
            if let base = b.baseAddress { raw.pointee.data.update(from: base, count: b.count) }
        }
        raw.pointee.pts = pts
        raw.pointee.dts = pts
    }

    /// A copy of its bytes.
    var bytes: [UInt8] {
        guard let data = raw.pointee.data, raw.pointee.size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(raw.pointee.size)))
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
