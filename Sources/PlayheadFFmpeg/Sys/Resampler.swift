import CFFmpeg
import PlayheadCore

/// Converts decoded audio of any layout, rate and sample format into the sink's interleaved
/// float format (libswresample: resampling, downmix and upmix). Rebuilt when the input format
/// changes mid-stream (HLS variants, MPEG-TS programme changes).
final class Resampler: @unchecked Sendable {
    private var context: OpaquePointer?
    private var inputKey: (rate: Int32, format: Int32, channels: Int32, mask: UInt64)?
    let output: AudioFormat

    init(output: AudioFormat) {
        self.output = output
    }

    deinit { swr_free(&context) }

    /// Converts one decoded frame; returns interleaved samples (maybe empty while the
    /// resampler fills its delay line).
    func convert(_ frame: UnsafeMutablePointer<AVFrame>) -> Result<[Float], PlaybackError> {
        let f = frame.pointee
        let key = (f.sample_rate, f.format, f.ch_layout.nb_channels, f.ch_layout.u.mask)
        if inputKey == nil || inputKey! != key {
            if let error = configure(frame) { return .failure(error) }
            inputKey = key
        }
        let maxOut = Int(swr_get_out_samples(context, f.nb_samples))
        guard maxOut > 0 else { return .success([]) }
        var samples = [Float](repeating: 0, count: maxOut * output.channels)
        let produced = samples.withUnsafeMutableBytes { raw -> Int32 in
            var out: UnsafeMutablePointer<UInt8>? = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let input = UnsafeMutablePointer<UnsafePointer<UInt8>?>(OpaquePointer(frame.pointee.extended_data))
            return swr_convert(context, &out, Int32(maxOut), input, f.nb_samples)
        }
        if produced < 0 {
            return .failure(PlaybackError(.decodeFailed, "audio conversion failed: \(FFmpegError.describe(produced))"))
        }
        samples.removeLast((maxOut - Int(produced)) * output.channels)
        return .success(samples)
    }

    /// What is left in the resampler's filter at the end of a stream: without it, every item
    /// whose rate is converted would lose its last samples (17 at 44.1 to 48 kHz), a click at
    /// each join of a gapless queue. Empty when no rate is converted.
    func drain() -> Result<[Float], PlaybackError> {
        guard let context else { return .success([]) }
        let maxOut = Int(swr_get_out_samples(context, 0))
        guard maxOut > 0 else { return .success([]) }
        var samples = [Float](repeating: 0, count: maxOut * output.channels)
        let produced = samples.withUnsafeMutableBytes { raw -> Int32 in
            var out: UnsafeMutablePointer<UInt8>? = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return swr_convert(context, &out, Int32(maxOut), nil, 0)
        }
        if produced < 0 {
            return .failure(PlaybackError(.decodeFailed, "audio conversion failed at the end: \(FFmpegError.describe(produced))"))
        }
        samples.removeLast((maxOut - Int(produced)) * output.channels)
        return .success(samples)
    }

    /// Drops the delay line (after a seek).
    func reset() {
        swr_free(&context)
        inputKey = nil
    }

    private func configure(_ frame: UnsafeMutablePointer<AVFrame>) -> PlaybackError? {
        swr_free(&context)
        var outLayout = AVChannelLayout()
        av_channel_layout_default(&outLayout, Int32(output.channels))
        defer { av_channel_layout_uninit(&outLayout) }
        var inLayout = AVChannelLayout()
        if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_default(&inLayout, frame.pointee.ch_layout.nb_channels)
        } else {
            av_channel_layout_copy(&inLayout, &frame.pointee.ch_layout)
        }
        defer { av_channel_layout_uninit(&inLayout) }
        var rc = swr_alloc_set_opts2(&context, &outLayout, AV_SAMPLE_FMT_FLT, Int32(output.sampleRate),
                                     &inLayout, AVSampleFormat(frame.pointee.format),
                                     frame.pointee.sample_rate, 0, nil)
        if rc >= 0 { rc = swr_init(context) }
        if rc < 0 {
            return PlaybackError(.decodeFailed, "cannot convert audio of \(frame.pointee.sample_rate) Hz, \(frame.pointee.ch_layout.nb_channels) channels: \(FFmpegError.describe(rc))")
        }
        return nil
    }
}
