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
    var isKeyframe: Bool { raw.pointee.flags & AV_PKT_FLAG_KEY != 0 }
}
