import PlayheadCore
import PlayheadSys

/// Reads text subtitles whole with FFmpeg: a subtitle file beside the media (SRT, WebVTT, ASS),
/// or one subtitle stream of a file.
public enum SubtitleFile {
    /// A subtitle file is text: a film's is under 200 KB. A stranger's 4 GB "subtitles" are
    /// refused before they are read.
    public static let maxBytes = 8 << 20

    /// Reads every cue of the file's subtitle stream (`stream`, or the one FFmpeg picks); a cue
    /// with no end shows until the next starts, the last one for `SubtitleCueCollector.lastCueMilliseconds`.
    public static func read(_ path: String, stream: Int? = nil, limit: Int = maxBytes,
                            timeoutNanoseconds: Int64 = 5_000_000_000) throws(PlaybackError) -> SubtitleTrackText {
        // A subtitle file alone is bounded by its size; a film's own subtitle stream by the
        // schedule's count of cues (the film is as large as it is).
        if stream == nil {
            guard let size = FileInput.regularFileSize(path) else {
                throw PlaybackError(.fileNotFound, "\(path): no such subtitle file (or not a regular file); check the path")
            }
            guard size <= limit else {
                throw PlaybackError(.notMedia, "\(path): over \(limit >> 20) MB, too large for subtitles; remove it or give a smaller file")
            }
        }
        let location = try MediaLocation(path)
        let format = try FormatContext(location: location, timeoutNanoseconds: timeoutNanoseconds)
        guard let index = stream ?? format.bestSubtitleStream else {
            throw PlaybackError(.noPlayableTracks, "\(path): no subtitles in it; give an SRT, WebVTT or ASS file")
        }
        let decoder = try SubtitleDecoder(stream: format.stream(index), location: location)
        format.discardAll(except: [index])
        // The item's time zero (an MPEG-TS starts anywhere), in milliseconds.
        let zero = format.startTime / 1000
        var cues = SubtitleCueCollector()
        reading: while true {
            switch format.readPacket() {
            case .packet(let packet):
                guard packet.streamIndex == index else { continue }
                let decoded = decoder.decode(packet)
                if let clears = decoded.clears { cues.close(at: clears - zero) }
                for (var cue, knownEnd) in decoded.cues {
                    cue.startMilliseconds -= zero
                    // A bitmap display set shows until the next one or a clear, within its own
                    // time-out: kept open as well.
                    cues.add(cue, keepOpen: !knownEnd || decoder.isBitmap)
                }
            case .endOfFile: break reading
            case .failed(let e): throw e
            }
        }
        return SubtitleTrackText(header: decoder.header, schedule: cues.finish(), codec: decoder.codecName)
    }
}
