/// One failure in an item's error log (AVPlayerItemErrorLogEvent).
public struct ErrorLogEntry: Sendable, Hashable {
    public var date: HostTime
    public var uri: String
    public var code: PlaybackError.Code
    public var message: String

    public init(date: HostTime, uri: String, error: PlaybackError) {
        self.date = date
        self.uri = uri
        self.code = error.code
        self.message = error.message
    }
}
