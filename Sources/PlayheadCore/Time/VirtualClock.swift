import Synchronization

/// A clock that only moves when told: untimed playback (as fast as decoding goes) and tests.
public final class VirtualClock: HostClock {
    private let current: Mutex<Int64>

    public init(start: HostTime = HostTime(nanoseconds: 1_000_000_000)) {
        current = Mutex(start.nanoseconds)
    }

    public func now() -> HostTime { HostTime(nanoseconds: current.withLock { $0 }) }
    public var isVirtual: Bool { true }

    public func advance(to time: HostTime) {
        current.withLock { $0 = max($0, time.nanoseconds) }
    }

    public func advance(byNanoseconds ns: Int64) {
        current.withLock { $0 += ns }
    }
}
