import PlayheadCore
import PlayheadSys
import Synchronization

/// A film's own subtitle stream read as it plays (`SubtitleCueFeed`): a demuxer of its own on
/// the file, every other stream discarded, read a window ahead of the player and sought when
/// the player jumps, so that the first cue shows without the whole film being read first.
public final class SubtitleStreamFeed: SubtitleCueFeed {
    private struct Reader {
        let format: FormatContext
        var decoder: SubtitleDecoder
        var collector = SubtitleCueCollector()
    }

    private let reader: Mutex<Reader>
    /// The same demuxer, reachable while a read holds the reader: only to abort it.
    private let format: FormatContext
    private let location: MediaLocation
    private let index: Int
    /// The item's time zero (an MPEG-TS starts anywhere), in milliseconds.
    private let zero: Int64
    public let header: String
    public let codec: String
    public let isBitmap: Bool

    public init(path: String, stream: Int, timeoutNanoseconds: Int64 = 5_000_000_000) throws(PlaybackError) {
        let location = try MediaLocation(path)
        let format = try FormatContext(location: location, timeoutNanoseconds: timeoutNanoseconds)
        guard format.isSubtitle(stream: stream) else {
            throw PlaybackError(.noPlayableTracks, "\(path): stream \(stream) is not a subtitle stream")
        }
        let decoder = try SubtitleDecoder(stream: format.stream(stream), location: location)
        format.discardAll(except: [stream])
        self.location = location
        self.index = stream
        self.zero = format.startTime / 1000
        self.header = decoder.header
        self.codec = decoder.codecName
        self.isBitmap = decoder.isBitmap
        self.format = format
        self.reader = Mutex(Reader(format: format, decoder: decoder))
    }

    public func abort() { format.abort() }

    public func read(until milliseconds: Int64) throws(PlaybackError) -> SubtitleFeedRead {
        try reader.withLock { (r: inout Reader) throws(PlaybackError) -> SubtitleFeedRead in
            var lastStart: Int64?
            while true {
                switch r.format.readPacket() {
                case .packet(let packet):
                    guard packet.streamIndex == index else { continue }
                    let decoded = r.decoder.decode(packet)
                    if let clears = decoded.clears { r.collector.close(at: clears - zero) }
                    for (var cue, knownEnd) in decoded.cues {
                        cue.startMilliseconds -= zero
                        lastStart = cue.startMilliseconds
                        r.collector.add(cue, keepOpen: !knownEnd || r.decoder.isBitmap)
                    }
                    if let clears = decoded.clears { lastStart = max(lastStart ?? clears - zero, clears - zero) }
                    if let last = lastStart, last > milliseconds {
                        return SubtitleFeedRead(cues: r.collector.takeClosed(), lastStart: last, ended: false)
                    }
                case .endOfFile:
                    // The open cues close for their own length; each cue is handed on once.
                    _ = r.collector.finish()
                    return SubtitleFeedRead(cues: r.collector.takeClosed(), lastStart: lastStart, ended: true)
                case .failed(let e):
                    throw e
                }
            }
        }
    }

    public func restart(at milliseconds: Int64) throws(PlaybackError) {
        try reader.withLock { (r: inout Reader) throws(PlaybackError) in
            // AV_TIME_BASE (microseconds) on no stream in particular: the demuxer's own index.
            let target = (milliseconds + zero) * 1000
            if let error = r.format.seek(stream: -1, to: target, maxTimestamp: target) { throw error }
            // A decoder keeps pieces of the display set it was building (PGS, DVB): a new one.
            r.decoder = try SubtitleDecoder(stream: r.format.stream(index), location: location)
            r.collector = SubtitleCueCollector()
        }
    }
}
