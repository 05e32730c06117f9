/// When a process started, in seconds since the kernel started: the kernel's own count
/// (`/proc/PID/stat`'s 22nd field, in clock ticks), so playhead's start is known without anyone
/// writing it down. It is the fork's time: PID 1's is when the kernel made its thread, before
/// the kernel's own set-up, not when init's program began.
public enum ProcessStartTime {
    /// nil when /proc is not there or says something else.
    public static func seconds(pid: Int32) -> Double? {
        guard let stat = FileInput.readText("/proc/\(pid)/stat") else { return nil }
        return seconds(stat: stat, ticksPerSecond: Sys.clockTicksPerSecond())
    }

    public static func ofThisProcess() -> Double? { seconds(pid: Sys.processID) }

    /// Now, on the same clock (CLOCK_BOOTTIME, as /proc/uptime).
    public static func now() -> Double { Double(Sys.bootTimeNanoseconds()) / 1e9 }

    /// The fields after the command's closing parenthesis (a name may hold spaces and
    /// parentheses of its own); starttime is the 20th of them.
    static func seconds(stat: String, ticksPerSecond: Int) -> Double? {
        guard ticksPerSecond > 0, let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = UInt64(fields[19]) else { return nil }
        return Double(ticks) / Double(ticksPerSecond)
    }
}
