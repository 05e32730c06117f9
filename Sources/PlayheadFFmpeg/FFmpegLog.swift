import CShims
import Synchronization

/// FFmpeg prints to stderr by itself; route its errors through one line sink instead, so they
/// arrive as whole lines with the player's own prefix.
public enum FFmpegLog {
    private static let installed = Mutex(false)
    /// Where FFmpeg's error lines go; replaced by the executable when it has a logger.
    nonisolated(unsafe) public static var lineHandler: @Sendable (String) -> Void = { _ in }

    static func installOnce() {
        installed.withLock { done in
            guard !done else { return }
            done = true
            // AV_LOG_ERROR is 16: only errors, not FFmpeg's warnings about every odd packet.
            playhead_set_ffmpeg_log_sink({ _, line in
                guard let line else { return }
                var text = String(cString: line)
                while text.last == "\n" { text.removeLast() }
                if !text.isEmpty { FFmpegLog.lineHandler("ffmpeg: " + text) }
            }, 16)
        }
    }
}
