import Glibc

/// CPU time and peak memory of this process so far (getrusage), for `--stats` and benchmarks.
public struct ProcessUsage: Sendable {
    public var cpuNanoseconds: Int64
    public var peakResidentBytes: Int64

    public static func current() -> ProcessUsage {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        let cpu = (Int64(u.ru_utime.tv_sec) + Int64(u.ru_stime.tv_sec)) * 1_000_000_000
            + (Int64(u.ru_utime.tv_usec) + Int64(u.ru_stime.tv_usec)) * 1000
        return ProcessUsage(cpuNanoseconds: cpu, peakResidentBytes: Int64(u.ru_maxrss) * 1024)
    }
}
