import CFFmpeg
import CShims
import PlayheadCore
import PlayheadSys

/// An open container (libavformat), the only owner of its AVFormatContext. Every blocking call
/// runs under an I/O guard whose deadline bounds network waits; `abort` makes a blocked read
/// return at once (closing while a server hangs).
final class FormatContext: @unchecked Sendable {
    private var context: UnsafeMutablePointer<AVFormatContext>?
    /// Shared with FFmpeg's interrupt callback, which polls it on the reading thread while
    /// `abort` writes it from another: C11 atomics, reached only through CShims' functions.
    private let ioGuard: OpaquePointer
    let location: MediaLocation
    let timeoutNanoseconds: Int64
    /// The CA bundle's path as the context's TLS hook reads it; freed after the context.
    private var caFileCopy: UnsafeMutablePointer<CChar>?

    enum ReadResult {
        case packet(Packet)
        case endOfFile
        case failed(PlaybackError)
    }

    init(location: MediaLocation, timeoutNanoseconds: Int64, reconnectDelayMaxSeconds: Int? = nil,
         tls: TLSPolicy = .unchecked) throws(PlaybackError) {
        self.location = location
        self.timeoutNanoseconds = timeoutNanoseconds
        guard let ioGuard = playhead_io_guard_create() else {
            throw PlaybackError(.internalError, "\(location): out of memory opening the container")
        }
        self.ioGuard = ioGuard
        // Every property is set from here on, so deinit frees what a failed init leaves.
        guard let ctx = avformat_alloc_context() else {
            throw PlaybackError(.internalError, "\(location): out of memory opening the container")
        }
        playhead_install_io_guard(ctx, ioGuard)
        context = ctx
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        // Only media protocols, per source: a local entry never reaches the network or a
        // pipe, and a server's playlist never reaches the board's files.
        av_dict_set(&options, "protocol_whitelist", Self.protocols(for: location), 0)
        if location.isLocal, let problem = LocalMediaFile.problem(with: location.string) { throw problem }
        if tls.verify, !location.isLocal { try checkServers(of: location, with: tls, in: ctx) }
        if !location.isLocal {
            let micros = String(timeoutNanoseconds / 1000)
            av_dict_set(&options, "rw_timeout", micros, 0)
            av_dict_set(&options, "timeout", micros, 0)
            // FFmpeg 5.1's http reconnects; not reconnect_at_eof, which loops for ever on HLS
            // servers that close after each segment. Each wait is still bounded by the guard.
            if let delay = reconnectDelayMaxSeconds, location.string.hasPrefix("http") {
                av_dict_set(&options, "reconnect", "1", 0)
                av_dict_set(&options, "reconnect_streamed", "1", 0)
                av_dict_set(&options, "reconnect_on_network_error", "1", 0)
                av_dict_set(&options, "reconnect_on_http_error", "5xx", 0)
                av_dict_set(&options, "reconnect_delay_max", String(delay), 0)
            }
        }
        let url = Self.url(for: location)
        let rc = bounded { avformat_open_input(&context, url, nil, &options) }
        if rc < 0 {
            // avformat_open_input frees the context on failure.
            context = nil
            // FFmpeg's TLS says only "I/O error" when it refuses the server's certificate.
            if tls.verify, location.scheme == .https, rc == -EIO {
                throw PlaybackError(.connectionFailed, "\(location): the TLS connection failed (Input/output error); check the URL and "
                    + "the server, and that its certificate names this host and is signed by an authority in \(tls.caFile) (--tls-ca-file)")
            }
            throw FFmpegError(operation: "open", code: rc).playbackError(for: location, timedOut: deadlinePassed)
        }
        let info = bounded { avformat_find_stream_info(context, nil) }
        if info < 0 {
            let error = FFmpegError(operation: "reading stream info", code: info)
                .playbackError(for: location, timedOut: deadlinePassed)
            throw error
        }
    }

    /// The protocols FFmpeg may use for this source (and for what it opens inside it: HLS
    /// segments and keys).
    static func protocols(for location: MediaLocation) -> String {
        switch location.scheme {
        case .file: return "file,crypto"
        case .http, .https: return "http,https,tls,tcp,crypto,hls,httpproxy"
        // A live stream on the network: only the datagrams it arrives in.
        case .udp: return "udp"
        case .rtp: return "rtp,udp"
        }
    }

    /// A local path goes to FFmpeg as `file:` so that a name such as `pipe:0` or `tcp:...` is
    /// a file's name, never a protocol.
    static func url(for location: MediaLocation) -> String {
        location.isLocal ? "file:" + location.string : location.string
    }

    deinit {
        avformat_close_input(&context)
        // After closing: FFmpeg may poll the guard until the context is gone.
        playhead_io_guard_free(ioGuard)
        free(caFileCopy)
    }

    /// Held back while the clock cannot date a certificate; then every HTTPS connection of
    /// the context (an HLS playlist's segments and keys too) checks its server.
    private func checkServers(of location: MediaLocation, with tls: TLSPolicy, in ctx: UnsafeMutablePointer<AVFormatContext>) throws(PlaybackError) {
        // Only an HTTPS item can be held for the clock: plain HTTP never reads the file.
        if location.scheme == .https {
            var clock = TLSPolicy.Clock.noClockFile
            if let file = tls.clockFile, FileInput.exists(file) { clock = .line(FileInput.readText(file).flatMap(ClockReport.parse)) }
            if let held = tls.hold(location, clock: clock) { throw held }
        }
        if location.scheme == .https, !FileInput.exists(tls.caFile) {
            throw PlaybackError(.connectionFailed, "\(location): no CA bundle at \(tls.caFile) to check the server's certificate with; "
                + "install ca-certificates or set --tls-ca-file")
        }
        guard let copy = playhead_install_tls_verify(ctx, tls.caFile) else {
            throw PlaybackError(.internalError, "\(location): out of memory opening the container")
        }
        caFileCopy = copy
    }

    var raw: UnsafeMutablePointer<AVFormatContext> { context! }

    func abort() { playhead_io_guard_abort(ioGuard) }

    private var deadlinePassed: Bool { playhead_io_guard_expired(ioGuard) != 0 }

    private func bounded(_ call: () -> Int32) -> Int32 {
        playhead_io_guard_set_deadline(ioGuard, playhead_monotonic_ns() + timeoutNanoseconds)
        defer { playhead_io_guard_set_deadline(ioGuard, 0) }
        return call()
    }

    func readPacket() -> ReadResult {
        guard let packet = Packet() else {
            return .failed(PlaybackError(.internalError, "\(location): out of memory reading a packet"))
        }
        let rc = bounded { av_read_frame(context, packet.raw) }
        if rc >= 0 { return .packet(packet) }
        if rc == FFmpegError.endOfFile { return .endOfFile }
        let timedOut = deadlinePassed
        if playhead_io_guard_aborted(ioGuard) != 0 {
            return .failed(PlaybackError(.cancelled, "\(location): closed"))
        }
        return .failed(FFmpegError(operation: "read", code: rc).playbackError(for: location, timedOut: timedOut))
    }

    /// Seeks `stream` to the last keyframe at or before `timestamp` (stream time base), never
    /// later than `maxTimestamp`.
    func seek(stream: Int, to timestamp: Int64, maxTimestamp: Int64) -> PlaybackError? {
        let rc = bounded {
            avformat_seek_file(context, Int32(stream), Int64.min, timestamp, maxTimestamp, 0)
        }
        if rc >= 0 { return nil }
        // Some demuxers only seek by byte or backwards flag; try the plain API once.
        let fallback = bounded {
            av_seek_frame(context, Int32(stream), timestamp, AVSEEK_FLAG_BACKWARD)
        }
        if fallback >= 0 { return nil }
        return PlaybackError(.seekFailed, "\(location): seek failed: \(FFmpegError.describe(rc))")
    }

    var streamCount: Int { Int(raw.pointee.nb_streams) }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> { raw.pointee.streams[index]! }

    /// Where the item's time zero lies on the container's timeline, in AV_TIME_BASE units.
    /// MPEG-TS and live captures start anywhere (1.4 s is common): their start becomes zero.
    /// A negative start is codec priming (Opus pre-skip, AAC delay), not a timeline: kept as is.
    var startTime: Int64 {
        let s = raw.pointee.start_time
        return s == playhead_nopts_value() ? 0 : max(s, 0)
    }

    /// True when the duration was read from an index or timestamps, not guessed from the
    /// bitrate (a guess may be far off, so running short of it proves nothing).
    var durationIsMeasured: Bool {
        raw.pointee.duration_estimation_method != AVFMT_DURATION_FROM_BITRATE
    }

    var duration: Int64? {
        let d = raw.pointee.duration
        return d == playhead_nopts_value() || d <= 0 ? nil : d
    }

    /// The format's clock may restart mid-stream (MPEG-TS, HLS: FFmpeg's AVFMT_TS_DISCONT).
    var hasTimestampDiscontinuities: Bool {
        guard let format = raw.pointee.iformat else { return false }
        return format.pointee.flags & AVFMT_TS_DISCONT != 0
    }

    var formatName: String {
        raw.pointee.iformat.map { String(cString: $0.pointee.name) } ?? "unknown"
    }

    var isSeekable: Bool {
        guard duration != nil else { return false }
        guard let pb = raw.pointee.pb else { return true }
        return pb.pointee.seekable & AVIO_SEEKABLE_NORMAL != 0
    }

    /// The subtitle stream FFmpeg would pick (for a file of subtitles alone, its one stream).
    var bestSubtitleStream: Int? { bestStream(AVMEDIA_TYPE_SUBTITLE) }

    func bestStream(_ type: AVMediaType) -> Int? {
        let i = av_find_best_stream(context, type, -1, -1, nil, 0)
        return i >= 0 ? Int(i) : nil
    }

    /// Whether stream `index` is there and carries subtitles.
    func isSubtitle(stream index: Int) -> Bool {
        guard index >= 0, index < streamCount, let par = stream(index).pointee.codecpar else { return false }
        return par.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE
    }

    /// Whether this FFmpeg has a decoder for the stream's codec (a lookup: nothing is opened).
    func hasDecoder(stream index: Int) -> Bool {
        guard index >= 0, index < streamCount, let par = stream(index).pointee.codecpar else { return false }
        return avcodec_find_decoder(par.pointee.codec_id) != nil
    }

    /// Packets of a discarded stream are not read out (for the tracks not played).
    func setDiscarded(_ index: Int, _ discarded: Bool) {
        guard index >= 0, index < streamCount else { return }
        stream(index).pointee.discard = discarded ? AVDISCARD_ALL : AVDISCARD_DEFAULT
    }

    func discardAll(except keep: Set<Int>) {
        for i in 0..<streamCount where !keep.contains(i) {
            stream(i).pointee.discard = AVDISCARD_ALL
        }
    }
}
