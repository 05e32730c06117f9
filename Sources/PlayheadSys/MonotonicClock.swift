import PlayheadCore

/// The real clock: CLOCK_MONOTONIC, the same clock DRM page-flip events and ALSA timestamps use.
public struct MonotonicClock: HostClock {
    public init() {}
    public func now() -> HostTime { HostTime(nanoseconds: Sys.monotonicNanoseconds()) }
    public var isVirtual: Bool { false }
    public func advance(to time: HostTime) {}
    /// Sleeps the calling thread (a dedicated one: never call this on the Swift task pool).
    public static func sleep(milliseconds: Int) { Sys.sleep(nanoseconds: Int64(milliseconds) * 1_000_000) }
    public static func sleep(microseconds: Int) { Sys.sleep(nanoseconds: Int64(microseconds) * 1000) }
    /// CPU time the calling thread has used.
    public static func threadCPUNanoseconds() -> Int64 { Sys.threadCPUNanoseconds() }
}
