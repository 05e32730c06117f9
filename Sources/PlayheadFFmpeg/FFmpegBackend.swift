import PlayheadCore

/// Opens files and http(s)/HLS URLs with FFmpeg.
public struct FFmpegBackend: MediaBackend {
    public init() {
        FFmpegLog.installOnce()
    }

    public func probe(_ location: MediaLocation, options: SourceOptions) throws(PlaybackError) -> any ProbedMedia {
        try FFmpegProbe(location: location, options: options)
    }
}
