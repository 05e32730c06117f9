#if canImport(Glibc)
import Glibc
#endif

/// Wakes a thread that sleeps in poll: its descriptor turns readable when `signal` is called,
/// so a stop is seen at once rather than at the poll's next timeout. A pipe, both ends
/// non-blocking: a wake-up already pending is enough, so a full pipe loses nothing.
public final class WakeSignal: @unchecked Sendable {
    public let descriptor: Int32
    private let writeEnd: Int32

    /// Nil only when the process is out of descriptors.
    public init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        descriptor = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    public func signal() {
        var one: UInt8 = 1
        _ = write(writeEnd, &one, 1)
    }

    /// Clears it after a wake-up, so the next poll sleeps again.
    public func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &bytes, bytes.count) > 0 {}
    }
}
