import CFFmpeg
import PlayheadCore
import PlayheadSys

/// Captions carried in an H.264 video stream (`CaptionData`), found in a local file's first
/// pictures and read without decoding one. CEA-608's channel CC1 (the first field's first channel, what
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
    /// milliseconds: the feed (`CaptionStreamFeed`) read to the end.
    public static func read(_ path: String, videoStream: Int, service: Int? = nil,
                            timeoutNanoseconds: Int64 = 5_000_000_000) throws(PlaybackError) -> SubtitleTrackText {
        let feed = try CaptionStreamFeed(path: path, videoStream: videoStream, service: service, timeoutNanoseconds: timeoutNanoseconds)
        var schedule = SubtitleSchedule()
        var read = SubtitleFeedRead(cues: [], lastStart: nil, ended: false)
        while !read.ended {
            read = try feed.read(until: .max)
            for cue in read.cues { schedule.add(cue) }
        }
        return SubtitleTrackText(header: feed.header, schedule: schedule, codec: feed.codec)
    }

    /// The NAL length size of an H.264 stream stored as in MP4 (avcC), 0 for start codes; nil
    /// for a stream that is not H.264.
    static func h264LengthSize(_ stream: UnsafeMutablePointer<AVStream>) -> Int? {
        guard let par = stream.pointee.codecpar, par.pointee.codec_id == AV_CODEC_ID_H264 else { return nil }
        guard let extra = par.pointee.extradata, par.pointee.extradata_size >= 7, extra[0] == 1 else { return 0 }
        return Int(extra[4] & 3) + 1
    }
}
