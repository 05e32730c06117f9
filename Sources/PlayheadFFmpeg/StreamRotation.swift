import CFFmpeg
import CShims
import PlayheadCore

/// Reads the display matrix a camera or phone left on a video stream.
enum StreamRotation {
    static func read(_ stream: UnsafeMutablePointer<AVStream>) -> PictureRotation {
        var size: Int = 0
        guard let data = playhead_stream_display_matrix(stream, &size),
              size >= 9 * MemoryLayout<Int32>.size else { return .none }
        let degrees = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        // FFmpeg gives the counter-clockwise angle; turning upright goes the other way.
        return PictureRotation(clockwiseDegrees: -degrees)
    }
}
