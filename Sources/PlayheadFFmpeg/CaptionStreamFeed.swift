import CFFmpeg
import PlayheadCore
import PlayheadSys
import Synchronization

/// A video stream's captions read as the film plays (`SubtitleCueFeed`), as a film's own
/// subtitle stream is: a demuxer of its own with every other stream discarded, the pictures'
/// cc_data taken out without decoding them (`CaptionData`) and put back in display order
/// through a small window (B-frames come before the pictures they follow), then decoded:
/// CC1 by FFmpeg's 608 decoder, a CEA-708 service by `CEA708Captions`.
public final class CaptionStreamFeed: SubtitleCueFeed {
    private enum Decoding {
        case cc1(SubtitleDecoder, SubtitleCueCollector)
        case service(CEA708Captions)
    }

    private struct Reader {
        let format: FormatContext
        var decoding: Decoding
        /// Pictures read but not yet decoded, in display order.
        var waiting: [(pts: Int64, triplets: [UInt8])] = []
    }

    /// H.264 shows a picture at most 16 after it is sent.
    static let reorderDepth = 16
    private let reader: Mutex<Reader>
    private let format: FormatContext
    private let location: MediaLocation
    private let video: Int
    private let service: Int?
    private let lengthSize: Int
    private let timeBase: AVRational
    private let wide: Bool
    private let zero: Int64
    public let header: String
    public let codec: String
    public var isBitmap: Bool { false }

    /// The captions of `videoStream`: CC1, or the CEA-708 `service`.
    public init(path: String, videoStream: Int, service: Int?, timeoutNanoseconds: Int64 = 5_000_000_000) throws(PlaybackError) {
        let location = try MediaLocation(path)
        let format = try FormatContext(location: location, timeoutNanoseconds: timeoutNanoseconds)
        guard videoStream >= 0, videoStream < format.streamCount, let lengthSize = CaptionFile.h264LengthSize(format.stream(videoStream)) else {
            throw PlaybackError(.noPlayableTracks, "\(path): no H.264 video stream \(videoStream) to read captions from")
        }
        format.discardAll(except: [videoStream])
        let stream = format.stream(videoStream).pointee
        let par = stream.codecpar.pointee
        let sar = par.sample_aspect_ratio.num > 0 && par.sample_aspect_ratio.den > 0
            ? Double(par.sample_aspect_ratio.num) / Double(par.sample_aspect_ratio.den) : 1
        self.location = location
        self.format = format
        self.video = videoStream
        self.service = service
        self.lengthSize = lengthSize
        self.timeBase = stream.time_base
        self.wide = Double(par.width) * sar > 1.5 * Double(max(par.height, 1))
        self.zero = format.startTime / 1000
        let decoding = try Self.decoding(service: service, timeBase: stream.time_base, wide: wide, location: location)
        if case .cc1(let decoder, _) = decoding {
            header = decoder.header
            codec = "eia_608"
        } else {
            header = CEA708Dialogue.header
            codec = "cea_708"
        }
        reader = Mutex(Reader(format: format, decoding: decoding))
    }

    private static func decoding(service: Int?, timeBase: AVRational, wide: Bool, location: MediaLocation) throws(PlaybackError) -> Decoding {
        if let service { return .service(CEA708Captions(service: service, wide: wide)) }
        return .cc1(try SubtitleDecoder(captionsIn: timeBase, location: location), SubtitleCueCollector())
    }

    public func abort() { format.abort() }

    public func read(until milliseconds: Int64) throws(PlaybackError) -> SubtitleFeedRead {
        try reader.withLock { (r: inout Reader) throws(PlaybackError) -> SubtitleFeedRead in
            var cues: [SubtitleCue] = []
            var lastStart: Int64?
            while true {
                switch r.format.readPacket() {
                case .packet(let packet):
                    guard packet.streamIndex == video, packet.pts != Int64.min else { continue }
                    let triplets = CaptionData.triplets(in: packet.bytes, lengthSize: lengthSize)
                    guard !triplets.isEmpty else { continue }
                    let at = r.waiting.firstIndex { $0.pts > packet.pts } ?? r.waiting.endIndex
                    r.waiting.insert((packet.pts, triplets), at: at)
                    guard r.waiting.count > Self.reorderDepth else { continue }
                    let next = r.waiting.removeFirst()
                    let shown = decode(next, into: &r, cues: &cues)
                    lastStart = shown
                    if shown > milliseconds { return SubtitleFeedRead(cues: cues, lastStart: shown, ended: false) }
                case .endOfFile:
                    for picture in r.waiting { lastStart = decode(picture, into: &r, cues: &cues) }
                    r.waiting.removeAll()
                    // What still shows closes for its own length; each cue is handed on once,
                    // however often the end is read.
                    switch r.decoding {
                    case .cc1(let decoder, var collector):
                        _ = collector.finish()
                        cues += collector.takeClosed()
                        r.decoding = .cc1(decoder, collector)
                    case .service(var captions):
                        _ = captions.finish()
                        cues += captions.takeClosed()
                        r.decoding = .service(captions)
                    }
                    return SubtitleFeedRead(cues: cues, lastStart: lastStart, ended: true)
                case .failed(let e):
                    throw e
                }
            }
        }
    }

    /// Decodes one picture's triplets; its time in the item's milliseconds.
    private func decode(_ picture: (pts: Int64, triplets: [UInt8]), into r: inout Reader, cues: inout [SubtitleCue]) -> Int64 {
        let shown = av_rescale_q(picture.pts, timeBase, AVRational(num: 1, den: 1000)) - zero
        switch r.decoding {
        case .cc1(let decoder, var collector):
            if let packet = Packet(bytes: picture.triplets, pts: picture.pts) {
                for (var cue, knownEnd) in decoder.decode(packet).cues {
                    cue.startMilliseconds -= zero
                    collector.add(cue, keepOpen: !knownEnd)
                }
            }
            cues += collector.takeClosed()
            r.decoding = .cc1(decoder, collector)
        case .service(var captions):
            captions.add(picture.triplets, atMilliseconds: shown)
            cues += captions.takeClosed()
            r.decoding = .service(captions)
        }
        return shown
    }

    public func restart(at milliseconds: Int64) throws(PlaybackError) {
        try reader.withLock { (r: inout Reader) throws(PlaybackError) in
            let target = (milliseconds + zero) * 1000
            if let error = r.format.seek(stream: -1, to: target, maxTimestamp: target) { throw error }
            // A caption decoder holds the screen it was building: a new one, from a clean screen.
            r.decoding = try Self.decoding(service: service, timeBase: timeBase, wide: wide, location: location)
            r.waiting.removeAll()
        }
    }
}
