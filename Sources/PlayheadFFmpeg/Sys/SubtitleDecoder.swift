import CFFmpeg
import PlayheadCore

/// One subtitle stream's decoder (libavcodec): packets in, cues out. FFmpeg's text decoders
/// (SRT, WebVTT, ASS, mov_text) all give ASS dialogue lines and a header of styles for them.
final class SubtitleDecoder: @unchecked Sendable {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private let timeBase: AVRational
    let codecName: String
    /// The ASS header (`[Script Info]`, `[V4+ Styles]`) its cues are drawn with.
    let header: String

    init(stream: UnsafeMutablePointer<AVStream>, location: MediaLocation) throws(PlaybackError) {
        let par = stream.pointee.codecpar!
        codecName = String(cString: avcodec_get_name(par.pointee.codec_id))
        guard let codec = avcodec_find_decoder(par.pointee.codec_id) else {
            throw PlaybackError(.unsupportedCodec, "\(location): no decoder for the \(codecName) subtitles in this FFmpeg")
        }
        guard let ctx = avcodec_alloc_context3(codec) else {
            throw PlaybackError(.internalError, "\(location): out of memory opening the \(codecName) subtitle decoder")
        }
        context = ctx
        timeBase = stream.pointee.time_base
        var rc = avcodec_parameters_to_context(ctx, par)
        if rc >= 0 {
            ctx.pointee.pkt_timebase = stream.pointee.time_base
            rc = avcodec_open2(ctx, codec, nil)
        }
        if rc < 0 {
            avcodec_free_context(&context)
            throw PlaybackError(.unsupportedCodec, "\(location): cannot open the \(codecName) subtitle decoder: \(FFmpegError.describe(rc))")
        }
        if let h = ctx.pointee.subtitle_header, ctx.pointee.subtitle_header_size > 0 {
            let bytes = UnsafeBufferPointer(start: h, count: Int(ctx.pointee.subtitle_header_size))
            header = String(decoding: bytes, as: UTF8.self)
        } else {
            header = ""
        }
    }

    deinit {
        avcodec_free_context(&context)
    }

    /// The text cues in one packet, timed in the item's milliseconds; a packet the decoder
    /// cannot read gives none (a damaged subtitle is skipped, the film plays on). A cue whose
    /// packet gives no end has duration nil.
    func decode(_ packet: Packet) -> [(cue: SubtitleCue, knownEnd: Bool)] {
        guard let context else { return [] }
        var subtitle = AVSubtitle()
        var got: Int32 = 0
        let rc = avcodec_decode_subtitle2(context, &subtitle, &got, packet.raw)
        guard rc >= 0, got != 0 else { return [] }
        defer { avsubtitle_free(&subtitle) }
        let pts = packet.pts != Int64.min ? packet.pts : packet.dts
        guard pts != Int64.min else { return [] }
        let base = av_rescale_q(pts, timeBase, AVRational(num: 1, den: 1000))
        let start = base + Int64(subtitle.start_display_time)
        var knownEnd = subtitle.end_display_time != UInt32.max && subtitle.end_display_time > subtitle.start_display_time
        var duration = knownEnd ? Int64(subtitle.end_display_time - subtitle.start_display_time) : 0
        if !knownEnd, packet.duration > 0 {
            duration = av_rescale_q(packet.duration, timeBase, AVRational(num: 1, den: 1000))
            knownEnd = true
        }
        var cues: [(SubtitleCue, Bool)] = []
        for i in 0..<Int(subtitle.num_rects) {
            guard let rect = subtitle.rects[i], rect.pointee.type == SUBTITLE_ASS, let ass = rect.pointee.ass else { continue }
            cues.append((SubtitleCue(startMilliseconds: start, durationMilliseconds: duration, dialogue: String(cString: ass)), knownEnd))
        }
        return cues
    }
}
