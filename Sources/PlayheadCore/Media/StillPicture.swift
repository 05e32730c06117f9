/// A still picture as an item (JPEG, PNG, WebP, BMP): one picture, shown for a duration, as
/// signage players show them between videos. FFmpeg opens a picture as a video of one frame
/// lasting one tick (40 ms); here it is given the duration its playlist or the options ask, so
/// that the item's end, its time observers and the next item's start all follow it.
public enum StillPicture {
    /// FFmpeg's readers for single pictures. An animated GIF (format "gif") is a video.
    static let formats: Set<String> = ["image2", "png_pipe", "jpeg_pipe", "webp_pipe", "bmp_pipe", "tiff_pipe", "qoi_pipe"]
    static let codecs: Set<String> = ["png", "mjpeg", "webp", "bmp", "tiff", "qoi"]

    /// How long a picture shows when its playlist does not say.
    public static let defaultDuration = MediaTime(value: 10, timescale: 1)

    /// A picture file: one video track of a picture codec, read by a picture reader, no sound.
    public static func isStill(_ info: MediaInfo) -> Bool {
        guard formats.contains(info.formatName), !info.hasAudio else { return false }
        let videos = info.tracks.filter { $0.mediaType == .video }
        return videos.count == 1 && codecs.contains(videos[0].codec)
    }

    /// The info of a picture shown for `duration`.
    public static func showing(_ info: MediaInfo, for duration: MediaTime) -> MediaInfo {
        var shown = info
        shown.duration = duration
        for i in shown.tracks.indices where shown.tracks[i].mediaType == .video { shown.tracks[i].duration = duration }
        return shown
    }

    /// A playlist's duration for an item (M3U's `#EXTINF` seconds): nil when it gives none that
    /// a picture could show for (zero, negative, over a day).
    public static func duration(seconds: Double?) -> MediaTime? {
        guard let seconds, seconds > 0, seconds <= 86_400 else { return nil }
        return MediaTime(value: Int64((seconds * 1000).rounded()), timescale: 1000)
    }
}
