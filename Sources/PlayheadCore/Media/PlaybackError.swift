/// The one error type playback reports: a code to branch on and a message for people. Each
/// message names the item or device and, where there is one, what to do.
public struct PlaybackError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        case invalidLocation
        case fileNotFound
        case permissionDenied
        case notMedia
        case noPlayableTracks
        case unsupportedCodec
        case connectionFailed
        case timedOut
        case readFailed
        case decodeFailed
        case seekFailed
        case deviceFailed
        /// Another program holds the device; it may be free later.
        case deviceBusy
        case cancelled
        case internalError
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
