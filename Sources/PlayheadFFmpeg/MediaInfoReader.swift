import CFFmpeg
import PlayheadCore

/// Reads what the container says into the core's MediaInfo.
enum MediaInfoReader {
    static func read(_ format: FormatContext) -> MediaInfo {
        var tracks: [TrackInfo] = []
        for i in 0..<format.streamCount {
            let stream = format.stream(i)
            guard let par = stream.pointee.codecpar?.pointee else { continue }
            let type: MediaType
            switch par.codec_type {
            case AVMEDIA_TYPE_VIDEO: type = .video
            case AVMEDIA_TYPE_AUDIO: type = .audio
            case AVMEDIA_TYPE_SUBTITLE: type = .subtitle
            case AVMEDIA_TYPE_DATA: type = .data
            default: type = .other
            }
            // Cover art is a video stream of one picture: not a track to play.
            if type == .video && stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 { continue }
            let timing = StreamTimeBase(stream: stream, containerStart: format.startTime)
            let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
            // A length that no MediaTime holds (2^40 ticks of a 4 s time base) is no length.
            let length = timing.duration(stream.pointee.duration)
            let duration = length.isNumeric ? length : .indefinite
            var track = TrackInfo(
                trackID: i,
                mediaType: type,
                codec: String(cString: avcodec_get_name(par.codec_id)),
                // TrackInfo reads negative sizes, rates and counts (a damaged header) as unknown.
                naturalSize: PixelSize(width: Int(par.width), height: Int(par.height)),
                frameRate: type == .video && rate.num > 0 && rate.den > 0
                    ? MediaTime(value: Int64(rate.num), timescale: rate.den) : .invalid,
                sampleRate: Int(par.sample_rate),
                channelCount: Int(par.ch_layout.nb_channels),
                language: metadata(stream.pointee.metadata, "language"),
                duration: duration)
            if type == .video {
                track.preferredRotation = StreamRotation.read(stream)
                // The container's pixel shape first, else the codec's (av_guess_sample_aspect_ratio's order).
                let sar = stream.pointee.sample_aspect_ratio.num > 0 ? stream.pointee.sample_aspect_ratio : par.sample_aspect_ratio
                track.pixelAspect = PixelAspect(width: Int(sar.num), height: Int(sar.den))
            }
            track.title = metadata(stream.pointee.metadata, "title")
            track.traits = traits(stream.pointee.disposition)
            tracks.append(track)
        }
        let duration = format.duration.map { MediaTime(value: $0, timescale: 1_000_000) } ?? .indefinite
        return MediaInfo(tracks: tracks, duration: duration, isSeekable: format.isSeekable,
                         isLocal: format.location.isLocal, formatName: format.formatName)
    }

    private static func traits(_ disposition: Int32) -> TrackTraits {
        let map: [(Int32, TrackTraits)] = [
            (AV_DISPOSITION_DEFAULT, .main), (AV_DISPOSITION_FORCED, .forced),
            (AV_DISPOSITION_COMMENT, .commentary), (AV_DISPOSITION_HEARING_IMPAIRED, .hearingImpaired),
            (AV_DISPOSITION_CAPTIONS, .captions), (AV_DISPOSITION_VISUAL_IMPAIRED, .describesVideo),
            (AV_DISPOSITION_DESCRIPTIONS, .describesVideo),
        ]
        return map.reduce(into: TrackTraits()) { traits, pair in
            if disposition & pair.0 != 0 { traits.insert(pair.1) }
        }
    }

    private static func metadata(_ dict: OpaquePointer?, _ key: String) -> String? {
        guard let entry = av_dict_get(dict, key, nil, 0), let value = entry.pointee.value else { return nil }
        let s = String(cString: value)
        return s.isEmpty || s == "und" ? nil : s
    }
}
