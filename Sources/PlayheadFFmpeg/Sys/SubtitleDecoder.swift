import CFFmpeg
import PlayheadCore

/// One subtitle stream's decoder (libavcodec): packets in, cues out. FFmpeg's text decoders
/// (SRT, WebVTT, ASS, mov_text) all give ASS dialogue lines and a header of styles for them;
/// its bitmap decoders (DVB, PGS, DVD) give paletted pictures.
final class SubtitleDecoder: @unchecked Sendable {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private let timeBase: AVRational
    let codecName: String
    /// Pictures, not text: a new display set replaces the last, and an empty one clears it.
    let isBitmap: Bool
    /// CEA-608: a cue comes when the screen changes, timed by the decoder (the screen's own
    /// times), not by the packet that changed it.
    private let isCaptions: Bool
    /// The ASS header (`[Script Info]`, `[V4+ Styles]`) its cues are drawn with.
    let header: String

    /// The decoder of a subtitle stream.
    convenience init(stream: UnsafeMutablePointer<AVStream>, location: MediaLocation) throws(PlaybackError) {
        let par = stream.pointee.codecpar!
        try self.init(codec: par.pointee.codec_id, parameters: par, timeBase: stream.pointee.time_base, location: location)
    }

    /// The CEA-608 caption decoder for a video stream's captions (`CaptionData`), its packets
    /// timed in the video's `timeBase`.
    convenience init(captionsIn timeBase: AVRational, location: MediaLocation) throws(PlaybackError) {
        try self.init(codec: AV_CODEC_ID_EIA_608, parameters: nil, timeBase: timeBase, location: location)
    }

    private init(codec id: AVCodecID, parameters par: UnsafeMutablePointer<AVCodecParameters>?, timeBase: AVRational,
                 location: MediaLocation) throws(PlaybackError) {
        codecName = String(cString: avcodec_get_name(id))
        isBitmap = avcodec_descriptor_get(id).map { $0.pointee.props & AV_CODEC_PROP_BITMAP_SUB != 0 } ?? false
        isCaptions = id == AV_CODEC_ID_EIA_608
        guard let codec = avcodec_find_decoder(id) else {
            throw PlaybackError(.unsupportedCodec, "\(location): no decoder for the \(codecName) subtitles in this FFmpeg")
        }
        guard let ctx = avcodec_alloc_context3(codec) else {
            throw PlaybackError(.internalError, "\(location): out of memory opening the \(codecName) subtitle decoder")
        }
        context = ctx
        self.timeBase = timeBase
        var rc = par.map { avcodec_parameters_to_context(ctx, $0) } ?? 0
        if rc >= 0 {
            ctx.pointee.pkt_timebase = timeBase
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

    /// What one packet says: cues, or for a bitmap stream an empty display set that clears
    /// the screen at `clears`.
    struct Decoded {
        var cues: [(cue: SubtitleCue, knownEnd: Bool)] = []
        var clears: Int64?
    }

    /// The cues in one packet, timed in the item's milliseconds; a packet the decoder cannot
    /// read gives none (a damaged subtitle is skipped, the film plays on). A cue whose packet
    /// gives no end has `knownEnd` false.
    func decode(_ packet: Packet) -> Decoded {
        guard let context else { return Decoded() }
        var subtitle = AVSubtitle()
        var got: Int32 = 0
        let rc = avcodec_decode_subtitle2(context, &subtitle, &got, packet.raw)
        guard rc >= 0, got != 0 else { return Decoded() }
        defer { avsubtitle_free(&subtitle) }
        let pts = packet.pts != Int64.min ? packet.pts : packet.dts
        guard pts != Int64.min else { return Decoded() }
        let base = isCaptions && subtitle.pts != Int64.min ? subtitle.pts / 1000 : av_rescale_q(pts, timeBase, AVRational(num: 1, den: 1000))
        let start = base + Int64(subtitle.start_display_time)
        var knownEnd = subtitle.end_display_time != UInt32.max && subtitle.end_display_time > subtitle.start_display_time
        var duration = knownEnd ? Int64(subtitle.end_display_time - subtitle.start_display_time) : 0
        if !knownEnd, packet.duration > 0 {
            duration = av_rescale_q(packet.duration, timeBase, AVRational(num: 1, den: 1000))
            knownEnd = true
        }
        var decoded = Decoded()
        var images: [SubtitleImage] = []
        for i in 0..<Int(subtitle.num_rects) {
            guard let rect = subtitle.rects[i] else { continue }
            if rect.pointee.type == SUBTITLE_ASS, let ass = rect.pointee.ass {
                decoded.cues.append((SubtitleCue(startMilliseconds: start, durationMilliseconds: duration, dialogue: String(cString: ass)), knownEnd))
            } else if rect.pointee.type == SUBTITLE_BITMAP, let image = Self.image(rect.pointee) {
                images.append(image)
            }
        }
        if isBitmap {
            if images.isEmpty {
                decoded.clears = start
            } else {
                decoded.cues.append((SubtitleCue(startMilliseconds: start, durationMilliseconds: duration, images: images, canvas: canvas), knownEnd))
            }
        }
        return decoded
    }

    /// The picture the bitmap subtitles are placed on: the decoder's, once a display set said it;
    /// standard definition (DVB's and DVD's own default) until then.
    private var canvas: PixelSize {
        guard let c = context, c.pointee.width > 0, c.pointee.height > 0 else { return PixelSize(width: 720, height: 576) }
        return PixelSize(width: Int(c.pointee.width), height: Int(c.pointee.height))
    }

    /// A bitmap rectangle copied out of FFmpeg's memory, row by row within its line size.
    private static func image(_ rect: AVSubtitleRect) -> SubtitleImage? {
        let w = Int(rect.w), h = Int(rect.h), colours = Int(rect.nb_colors), stride = Int(rect.linesize.0)
        guard w > 0, h > 0, stride >= w, colours > 0, colours <= 256, w <= SubtitleImage.largestSide, h <= SubtitleImage.largestSide,
              let pixels = rect.data.0, let paletteBytes = rect.data.1 else { return nil }
        var indices = [UInt8](repeating: 0, count: w * h)
        for row in 0..<h {
            for column in 0..<w { indices[row * w + column] = pixels[row * stride + column] }
        }
        let palette = UnsafeRawPointer(paletteBytes).withMemoryRebound(to: UInt32.self, capacity: colours) { p in
            (0..<colours).map { p[$0] }
        }
        return SubtitleImage(x: Int(rect.x), y: Int(rect.y), width: w, height: h, indices: indices, palette: palette)
    }
}
