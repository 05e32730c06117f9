import CFFmpeg
import CShims
import PlayheadCore

/// An FFmpeg call that failed: which call, and FFmpeg's own code and text.
struct FFmpegError: Error, Sendable, CustomStringConvertible {
    var operation: String
    var code: Int32

    var text: String { FFmpegError.describe(code) }
    var description: String { "\(operation): \(text)" }

    static func describe(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        playhead_av_strerror(code, &buffer, Int32(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static let endOfFile = playhead_averror_eof()
    static let again = playhead_averror_eagain()
    static let exit = playhead_averror_exit()

    /// The player-level error for `location`, with a hint of what to do.
    func playbackError(for location: MediaLocation, timedOut: Bool = false) -> PlaybackError {
        let name = location.description
        if timedOut {
            return PlaybackError(.timedOut, "\(name): no answer within the network timeout (\(operation)); check the server and the network")
        }
        switch -code {
        case ENOENT:
            return PlaybackError(.fileNotFound, "\(name): no such file; check the path")
        case EACCES, EPERM:
            return PlaybackError(.permissionDenied, "\(name): permission denied; check the file's permissions")
        case ECONNREFUSED:
            return PlaybackError(.connectionFailed, "\(name): connection refused; check that the server is running and the port is right")
        case EHOSTUNREACH, ENETUNREACH, ETIMEDOUT:
            return PlaybackError(.connectionFailed, "\(name): \(text); check the network")
        default:
            break
        }
        if code == playhead_averror_invaliddata() {
            return PlaybackError(.notMedia, "\(name): not a media file FFmpeg can read (\(operation): \(text)); check the file")
        }
        if location.isLocal {
            return PlaybackError(.readFailed, "\(name): \(operation) failed: \(text)")
        }
        return PlaybackError(.connectionFailed, "\(name): \(operation) failed: \(text); check the URL and the server")
    }
}
