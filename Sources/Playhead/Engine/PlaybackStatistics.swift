/// Counters for the console and benchmarks.
public struct PlaybackStatistics: Sendable, Hashable {
    public var framesPresented = 0
    public var framesDropped = 0
    /// Frames shown more than one frame after their time.
    public var framesLate = 0
    public var audioFramesWritten: Int64 = 0
    public var stalls = 0
    public init() {}
}
