import PlayheadCore

/// The real clock: CLOCK_MONOTONIC, the same clock DRM page-flip events and ALSA timestamps use.
public struct MonotonicClock: HostClock {
    public init() {}
    public func now() -> HostTime { HostTime(nanoseconds: Sys.monotonicNanoseconds()) }
    public var isVirtual: Bool { false }
    public func advance(to time: HostTime) {}
}
