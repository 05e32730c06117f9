import PlayheadCore
import Synchronization

/// A container opened and probed (libavformat), not yet decoding: an asset's keys come from
/// it, and the item's source is then made from it without opening the location again.
final class FFmpegProbe: ProbedMedia {
    let location: MediaLocation
    let format: FormatContext
    let info: MediaInfo
    private let used = Mutex(false)

    init(location: MediaLocation, options: SourceOptions) throws(PlaybackError) {
        self.location = location
        format = try FormatContext(location: location, timeoutNanoseconds: options.networkTimeoutNanoseconds,
                                   reconnectDelayMaxSeconds: options.reconnectDelayMaxSeconds, tls: options.tls)
        var read = MediaInfoReader.read(format)
        // Every choice, a local file's captions and the subtitle files beside it among them: the opener chooses
        // from these before the source is made.
        read.selectionGroups = SubtitleFilesBeside.adding(FFmpegSource.captions(of: location, info: read) + FFmpegSource.subtitleFiles(beside: location),
                                                          to: MediaSelectionGroup.groups(of: read))
        info = StillPicture.isStill(read) ? StillPicture.showing(read, for: options.stillDuration) : read
    }

    func makeSource(options: SourceOptions) throws(PlaybackError) -> any MediaSource {
        guard used.withLock({ u in defer { u = true }; return !u }) else {
            throw PlaybackError(.internalError, "\(location): this probe was already used or closed; probe the location again")
        }
        return try FFmpegSource(probe: self, options: options)
    }

    /// The container closes when the last of the probe and its source lets go of it.
    func close() { used.withLock { $0 = true } }
}
