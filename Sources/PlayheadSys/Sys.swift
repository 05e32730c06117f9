#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage
import CTimex

/// Every OS call the threading layer makes goes through here, one function per call, so that
/// a debug build can trace them and the rest of the code never touches a C type.
enum Sys {
    static func monotonicNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// CLOCK_BOOTTIME: the clock /proc's process start times and /proc/uptime count on (it goes
    /// on through a suspend, where CLOCK_MONOTONIC stops).
    static func bootTimeNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// adjtimex(2), read only.
    static func clockDiscipline() -> WallClock.Discipline? {
        var maxError = 0
        var estError = 0
        let state = playhead_clock_state(&maxError, &estError)
        guard state >= 0 else { return nil }
        return WallClock.Discipline(synchronised: state == 1, maxErrorNanoseconds: Int64(maxError) * 1000,
                                    estimatedErrorNanoseconds: Int64(estError) * 1000)
    }

    /// CLOCK_REALTIME: the wall clock, for what is shown as the time of day.
    static func realtimeNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// `format` (strftime's) for the local time at `seconds` since 1970 (TZ, else
    /// /etc/localtime, else UTC); at most 255 bytes.
    static func localTime(_ format: String, seconds: Int64) -> String {
        var t = time_t(seconds)
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return "" }
        var buffer = [CChar](repeating: 0, count: 256)
        let n = strftime(&buffer, buffer.count, format, &parts)
        guard n > 0 else { return "" }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The kernel's clock ticks per second (/proc's times are counted in them).
    static func clockTicksPerSecond() -> Int { Int(sysconf(Int32(_SC_CLK_TCK))) }

    static func timespecFrom(nanoseconds ns: Int64) -> timespec {
        timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000))
    }

    static func sleep(nanoseconds ns: Int64) {
        guard ns > 0 else { return }
        var request = timespecFrom(nanoseconds: ns)
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
    }

    static func threadCPUNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// The calling thread's errno, typed: in a message it reads as strerror's words.
    static var currentErrno: Errno { Errno(rawValue: errno) }

    /// Every byte to `fd`, through short writes and signals; false (errno says why) when a write
    /// fails or writes nothing (a full disk).
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    static var processID: Int32 { getpid() }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// One write(2) for the whole text, so that lines from threads never interleave; only a
    /// short write (a terminal) is finished with more.
    static func writeStandardError(_ text: String) { writeWhole(text, to: 2) }

    /// Gives up silently on an error: a standard stream that cannot be written (closed, a full
    /// pipe nobody reads) has nowhere else to report it.
    static func writeWhole(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// Raises the calling thread's nice value by `steps` (Linux keeps one per thread; threads
    /// it starts later inherit it). Lowering is always allowed; a process cannot raise it back
    /// without privilege. Returns the nice value now in force, or nil when refused.
    private static func lowerCurrentThreadPriority(by steps: Int32) -> Int32? {
        #if os(Linux)
        // nice(2) is setpriority(PRIO_PROCESS, 0): on Linux, "0" is the calling thread alone.
        errno = 0
        let now = nice(steps)
        return now == -1 && errno != 0 ? nil : now
        #else
        return nil
        #endif
    }

    /// Sets the calling thread's nice value to the process's (its main thread's) plus `steps`,
    /// unless it is that low already.
    static func lowerCurrentThreadPriority(toProcessPlus steps: Int32) -> Int32? {
        #if os(Linux)
        errno = 0
        let process = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getpid()))
        guard process != -1 || errno == 0 else { return nil }
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        guard current != -1 || errno == 0 else { return nil }
        let wanted = min(19, process + steps)
        return wanted > current ? lowerCurrentThreadPriority(by: wanted - current) : current
        #else
        return nil
        #endif
    }

    /// pthread_setname_np and prctl are not in the Glibc module (GNU and variadic): the
    /// thread's comm file takes the name as well.
    static func nameCurrentThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        var bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}
