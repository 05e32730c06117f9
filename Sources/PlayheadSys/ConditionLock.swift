#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex with one condition variable whose timed waits use CLOCK_MONOTONIC, so a wall-clock
/// change on the board (NTP at boot) never stretches or cuts a wait.
public final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        var attr = pthread_condattr_t()
        pthread_condattr_init(&attr)
        #if canImport(Glibc)
        pthread_condattr_setclock(&attr, CLOCK_MONOTONIC)
        #endif
        pthread_cond_init(cond, &attr)
        pthread_condattr_destroy(&attr)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        cond.deallocate()
    }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for a signal; call only inside `withLock`.
    public func wait() {
        pthread_cond_wait(cond, mutex)
    }

    /// Waits for a signal or until the monotonic deadline (nanoseconds); call only inside
    /// `withLock`. Returns false on timeout.
    @discardableResult
    public func wait(untilMonotonic deadline: Int64) -> Bool {
        var ts = Sys.timespecFrom(nanoseconds: max(deadline, 0))
        return pthread_cond_timedwait(cond, mutex, &ts) == 0
    }

    public func broadcast() {
        pthread_cond_broadcast(cond)
    }
}
