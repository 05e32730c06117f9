import PlayheadCore

/// Opens files and http(s)/HLS URLs with FFmpeg.
public struct FFmpegBackend: MediaBackend {
    public init() {
        FFmpegLog.installOnce()
    }

    public func open(_ location: MediaLocation, options: SourceOptions) throws(PlaybackError) -> any MediaSource {
        try FFmpegSource(location: location, options: options)
    }
}
