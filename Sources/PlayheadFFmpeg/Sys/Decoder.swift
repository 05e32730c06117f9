import CFFmpeg
import PlayheadCore

/// One stream's decoder (libavcodec); owns its AVCodecContext and a scratch frame.
final class Decoder: @unchecked Sendable {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var scratch: UnsafeMutablePointer<AVFrame>?
    let codecName: String
    private var skip: DecodeSkip = .none

    /// Applies before the next packet; libavcodec then drops the frames the level allows.
    func setSkip(_ level: DecodeSkip) {
        guard level != skip, let context else { return }
        skip = level
        switch level {
        case .none: context.pointee.skip_frame = AVDISCARD_DEFAULT
        case .nonReference, .nonReferenceUnfiltered: context.pointee.skip_frame = AVDISCARD_NONREF
        case .nonKey: context.pointee.skip_frame = AVDISCARD_NONKEY
        }
        context.pointee.skip_loop_filter = level == .nonReferenceUnfiltered ? AVDISCARD_ALL : AVDISCARD_DEFAULT
    }

    enum Output {
        case frame(UnsafeMutablePointer<AVFrame>)
        /// Needs more input.
        case needInput
        /// Fully drained after a nil packet.
        case drained
        case failed(Int32)
    }

    init(stream: UnsafeMutablePointer<AVStream>, threads: Int, location: MediaLocation) throws(PlaybackError) {
        let par = stream.pointee.codecpar!
        codecName = String(cString: avcodec_get_name(par.pointee.codec_id))
        guard let codec = avcodec_find_decoder(par.pointee.codec_id) else {
            throw PlaybackError(.unsupportedCodec, "\(location): no decoder for codec \(codecName) in this FFmpeg; re-encode the file or install a build with it")
        }
        guard let ctx = avcodec_alloc_context3(codec), let frame = av_frame_alloc() else {
            throw PlaybackError(.internalError, "\(location): out of memory opening the \(codecName) decoder")
        }
        context = ctx
        scratch = frame
        var rc = avcodec_parameters_to_context(ctx, par)
        if rc >= 0 {
            ctx.pointee.pkt_timebase = stream.pointee.time_base
            ctx.pointee.thread_count = Int32(threads)
            ctx.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
            rc = avcodec_open2(ctx, codec, nil)
        }
        if rc < 0 {
            avcodec_free_context(&context)
            av_frame_free(&scratch)
            throw PlaybackError(.unsupportedCodec, "\(location): cannot open the \(codecName) decoder: \(FFmpegError.describe(rc))")
        }
    }

    deinit {
        avcodec_free_context(&context)
        av_frame_free(&scratch)
    }

    /// Sends a packet, or nil to start draining. Returns FFmpeg's code (EAGAIN means "receive
    /// first").
    func send(_ packet: Packet?) -> Int32 {
        avcodec_send_packet(context, packet?.raw)
    }

    /// The next decoded frame; the pointer is valid until the next call.
    func receive() -> Output {
        av_frame_unref(scratch)
        let rc = avcodec_receive_frame(context, scratch)
        if rc >= 0 { return .frame(scratch!) }
        if rc == FFmpegError.again { return .needInput }
        if rc == FFmpegError.endOfFile { return .drained }
        return .failed(rc)
    }

    /// Forgets all state (after a seek or after draining).
    func flush() {
        avcodec_flush_buffers(context)
    }

    var sampleRate: Int { Int(context!.pointee.sample_rate) }
}
