import CFFmpeg
import PlayheadCore
import PlayheadSys

/// Captions carried in an H.264 video stream (`CaptionData`), read whole from a local file
/// without decoding a picture. CEA-608's channel CC1 (the first field's first channel, what
/// captioned recordings use) goes through FFmpeg's caption decoder; CEA-708's services
/// through `CEA708Captions`. Both give ASS events, drawn as text subtitles are.
public enum CaptionFile {
    /// Which captions the video stream's first `packets` packets carry: the probe offers them
    /// as subtitle options only then.
    public static func captionKinds(in path: String, packets: Int = 60) -> CaptionKinds? {
        guard let format = try? FormatContext(location: try MediaLocation(path), timeoutNanoseconds: 5_000_000_000),
              let video = format.bestStream(AVMEDIA_TYPE_VIDEO), let lengthSize = h264LengthSize(format.stream(video)) else { return nil }
        format.discardAll(except: [video])
        var kinds = CaptionKinds(videoStream: video)
        for _ in 0..<packets {
            guard case .packet(let packet) = format.readPacket() else { break }
            if packet.streamIndex == video { kinds.look(at: CaptionData.triplets(in: packet.bytes, lengthSize: lengthSize)) }
        }
        return kinds.isEmpty ? nil : kinds
    }

    /// Every caption of `videoStream` (CC1, or the CEA-708 `service`), in the item's
    /// milliseconds. Pictures come in decoding order: their caption bytes are put in display
    /// order before the decoder reads them.
    public static func read(_ path: String, videoStream: Int, service: Int? = nil,
                            timeoutNanoseconds: Int64 = 5_000_000_000) throws(PlaybackError) -> SubtitleTrackText {
        let location = try MediaLocation(path)
        let format = try FormatContext(location: location, timeoutNanoseconds: timeoutNanoseconds)
        guard videoStream >= 0, videoStream < format.streamCount, let lengthSize = h264LengthSize(format.stream(videoStream)) else {
            throw PlaybackError(.noPlayableTracks, "\(path): no H.264 video stream \(videoStream) to read captions from")
        }
        let timeBase = format.stream(videoStream).pointee.time_base
        format.discardAll(except: [videoStream])
        var timed: [(pts: Int64, bytes: [UInt8])] = []
        var bytes = 0
        reading: while true {
            switch format.readPacket() {
            case .packet(let packet):
                guard packet.streamIndex == videoStream, packet.pts != Int64.min else { continue }
                let cc = CaptionData.triplets(in: packet.bytes, lengthSize: lengthSize)
                guard !cc.isEmpty else { continue }
                // A film's captions are a few hundred kilobytes; a stream of nothing else is not kept past this.
                bytes += cc.count
                guard bytes <= SubtitleFile.maxBytes else { break reading }
                timed.append((packet.pts, cc))
            case .endOfFile: break reading
            case .failed(let e): throw e
            }
        }
        timed.sort { $0.pts < $1.pts }
        if let service {
            let par = format.stream(videoStream).pointee.codecpar.pointee
            let sar = par.sample_aspect_ratio.num > 0 && par.sample_aspect_ratio.den > 0 ? Double(par.sample_aspect_ratio.num) / Double(par.sample_aspect_ratio.den) : 1
            var captions = CEA708Captions(service: service, wide: Double(par.width) * sar > 1.5 * Double(max(par.height, 1)))
            let zero = format.startTime / 1000
            for (pts, cc) in timed {
                captions.add(cc, atMilliseconds: av_rescale_q(pts, timeBase, AVRational(num: 1, den: 1000)) - zero)
            }
            return SubtitleTrackText(header: CEA708Dialogue.header, schedule: captions.finish(), codec: "cea_708")
        }
        let decoder = try SubtitleDecoder(captionsIn: timeBase, location: location)
        let zero = format.startTime / 1000
        var cues = SubtitleCueCollector()
        for (pts, cc) in timed {
            guard let packet = Packet(bytes: cc, pts: pts) else { continue }
            for (var cue, knownEnd) in decoder.decode(packet).cues {
                cue.startMilliseconds -= zero
                cues.add(cue, keepOpen: !knownEnd)
            }
        }
        return SubtitleTrackText(header: decoder.header, schedule: cues.finish(), codec: "eia_608")
    }

    /// The NAL length size of an H.264 stream stored as in MP4 (avcC), 0 for start codes; nil
    /// for a stream that is not H.264.
    static func h264LengthSize(_ stream: UnsafeMutablePointer<AVStream>) -> Int? {
        guard let par = stream.pointee.codecpar, par.pointee.codec_id == AV_CODEC_ID_H264 else { return nil }
        guard let extra = par.pointee.extradata, par.pointee.extradata_size >= 7, extra[0] == 1 else { return 0 }
        return Int(extra[4] & 3) + 1
    }
}
