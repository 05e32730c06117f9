import CFFmpeg
import CShims
import PlayheadCore

/// libavfilter's atempo between a buffer source and a buffer sink, all in one interleaved float
/// format: abuffer -> atempo -> abuffersink. Owns the graph and a scratch frame; one tempo per
/// graph (a new tempo is a new graph: the engine starts the sound anew on a rate change anyway).
final class TempoFilterGraph {
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let source: UnsafeMutablePointer<AVFilterContext>
    private let sink: UnsafeMutablePointer<AVFilterContext>
    private var layout = AVChannelLayout()
    private let format: AudioFormat
    /// Frames sent so far: the source's timestamps, in 1/sampleRate.
    private var sent: Int64 = 0

    init(format: AudioFormat, tempo: Double) throws(FFmpegError) {
        guard phd_avfilter_load() != 0 else {
            throw FFmpegError(operation: "load libavfilter (install libavfilter\(phd_avfilter_major()) for sound at rates other than 1)",
                              code: -ENOENT)
        }
        self.format = format
        av_channel_layout_default(&layout, Int32(format.channels))
        guard let g = phd_avfilter_graph_alloc(), let f = av_frame_alloc() else {
            av_channel_layout_uninit(&layout)
            throw FFmpegError(operation: "avfilter_graph_alloc", code: -ENOMEM)
        }
        graph = g
        frame = f
        do throws(FFmpegError) {
            let layoutName = TempoFilterGraph.describe(&layout)
            // The graph frees its filters with itself: no filter has another owner.
            source = try TempoFilterGraph.create("abuffer", "in", in: g, args:
                "time_base=1/\(format.sampleRate):sample_rate=\(format.sampleRate):sample_fmt=flt:channel_layout=\(layoutName)")
            let atempo = try TempoFilterGraph.create("atempo", "tempo", in: g, args: "tempo=\(tempo)")
            sink = try TempoFilterGraph.sinkFilter(in: g, format: format, layoutName: layoutName)
            try TempoFilterGraph.check(phd_avfilter_link(source, 0, atempo, 0), "avfilter_link(abuffer, atempo)")
            try TempoFilterGraph.check(phd_avfilter_link(atempo, 0, sink, 0), "phd_avfilter_link(atempo, abuffersink)")
            try TempoFilterGraph.check(phd_avfilter_graph_config(g, nil), "avfilter_graph_config")
        } catch {
            phd_avfilter_graph_free(&graph)
            av_frame_free(&frame)
            av_channel_layout_uninit(&layout)
            throw error
        }
    }

    deinit {
        phd_avfilter_graph_free(&graph)
        av_frame_free(&frame)
        av_channel_layout_uninit(&layout)
    }

    /// Hands interleaved samples (whole frames) to the graph.
    func send(_ samples: ArraySlice<Float>) throws(FFmpegError) {
        let frames = samples.count / format.channels
        guard frames > 0, let frame else { return }
        frame.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
        frame.pointee.sample_rate = Int32(format.sampleRate)
        frame.pointee.nb_samples = Int32(frames)
        frame.pointee.pts = sent
        frame.pointee.time_base = AVRational(num: 1, den: Int32(format.sampleRate))
        try TempoFilterGraph.check(av_channel_layout_copy(&frame.pointee.ch_layout, &layout), "av_channel_layout_copy")
        try TempoFilterGraph.check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
        let count = frames * format.channels
        samples.prefix(count).withUnsafeBufferPointer { from in
            frame.pointee.data.0!.withMemoryRebound(to: Float.self, capacity: count) { to in
                to.update(from: from.baseAddress!, count: count)
            }
        }
        sent += Int64(frames)
        // Without KEEP_REF the source takes the frame's buffer and leaves `frame` blank.
        let rc = phd_av_buffersrc_add_frame_flags(source, frame, 0)
        av_frame_unref(frame)
        try TempoFilterGraph.check(rc, "av_buffersrc_add_frame")
    }

    /// The end of the sound: atempo lets out what its window holds.
    func sendEnd() throws(FFmpegError) {
        try TempoFilterGraph.check(phd_av_buffersrc_add_frame_flags(source, nil, 0), "av_buffersrc_add_frame(end)")
    }

    /// Everything the sink has ready, interleaved; empty when it wants more input (or ended).
    func receive() throws(FFmpegError) -> [Float] {
        guard let frame else { return [] }
        var out: [Float] = []
        while true {
            let rc = phd_av_buffersink_get_frame(sink, frame)
            if rc == FFmpegError.again || rc == FFmpegError.endOfFile { return out }
            try TempoFilterGraph.check(rc, "av_buffersink_get_frame")
            let count = Int(frame.pointee.nb_samples) * format.channels
            if let data = frame.pointee.data.0, count > 0 {
                data.withMemoryRebound(to: Float.self, capacity: count) { p in
                    out.append(contentsOf: UnsafeBufferPointer(start: p, count: count))
                }
            }
            av_frame_unref(frame)
        }
    }

    private static func create(_ name: String, _ label: String, in graph: UnsafeMutablePointer<AVFilterGraph>,
                               args: String) throws(FFmpegError) -> UnsafeMutablePointer<AVFilterContext> {
        guard let filter = phd_avfilter_get_by_name(name) else {
            throw FFmpegError(operation: "avfilter_get_by_name(\(name))", code: playhead_averror_filter_not_found())
        }
        var context: UnsafeMutablePointer<AVFilterContext>?
        try check(phd_avfilter_graph_create_filter(&context, filter, label, args, nil, graph), "avfilter_graph_create_filter(\(name))")
        return context!
    }

    /// The sink accepts only the sink's own format, so the graph never converts behind our back.
    private static func sinkFilter(in graph: UnsafeMutablePointer<AVFilterGraph>, format: AudioFormat,
                                   layoutName: String) throws(FFmpegError) -> UnsafeMutablePointer<AVFilterContext> {
        guard let filter = phd_avfilter_get_by_name("abuffersink") else {
            throw FFmpegError(operation: "avfilter_get_by_name(abuffersink)", code: playhead_averror_filter_not_found())
        }
        guard let context = phd_avfilter_graph_alloc_filter(graph, filter, "out") else {
            throw FFmpegError(operation: "avfilter_graph_alloc_filter(abuffersink)", code: -ENOMEM)
        }
        var sampleFormat = AV_SAMPLE_FMT_FLT.rawValue
        var rate = Int32(format.sampleRate)
        let search = Int32(AV_OPT_SEARCH_CHILDREN)
        try check(withUnsafeBytes(of: &sampleFormat) { b in
            av_opt_set_bin(context, "sample_fmts", b.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(b.count), search)
        }, "av_opt_set(sample_fmts)")
        try check(withUnsafeBytes(of: &rate) { b in
            av_opt_set_bin(context, "sample_rates", b.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(b.count), search)
        }, "av_opt_set(sample_rates)")
        try check(av_opt_set(context, "ch_layouts", layoutName, search), "av_opt_set(ch_layouts)")
        try check(phd_avfilter_init_str(context, nil), "avfilter_init_str(abuffersink)")
        return context
    }

    private static func describe(_ layout: inout AVChannelLayout) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = av_channel_layout_describe(&layout, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func check(_ rc: Int32, _ operation: String) throws(FFmpegError) {
        if rc < 0 { throw FFmpegError(operation: operation, code: rc) }
    }
}
