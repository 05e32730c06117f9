/// A half-open range of media time `[start, start + duration)`.
public struct MediaTimeRange: Sendable, Hashable, CustomStringConvertible {
    public var start: MediaTime
    public var duration: MediaTime

    public init(start: MediaTime, duration: MediaTime) {
        self.start = start
        self.duration = duration
    }

    public init(start: MediaTime, end: MediaTime) {
        self.start = start
        self.duration = end - start
    }

    public var end: MediaTime { start + duration }

    public func contains(_ t: MediaTime) -> Bool { t >= start && t < end }

    public var description: String { "[\(start.secondsText), \(end.secondsText))" }
}
