#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair, for tests that stand at the far end of a serial console. Made with
/// /dev/ptmx and its ioctls, as posix_openpt and ptsname are not visible to Swift's Glibc.
public final class PseudoTerminal: @unchecked Sendable {
    public let master: Int32
    public let slavePath: String
    // asm-generic ioctl numbers, the same on x86_64 and aarch64.
    private static let getNumber: UInt = 0x8004_5430  // TIOCGPTN
    private static let setLock: UInt = 0x4004_5431  // TIOCSPTLCK

    public init?() {
        let fd = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(fd, Self.setLock, &unlock) == 0, ioctl(fd, Self.getNumber, &number) == 0 else {
            close(fd)
            return nil
        }
        master = fd
        slavePath = "/dev/pts/\(number)"
    }

    deinit { close(master) }

    public func type(_ s: String) {
        _ = Array(s.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// What the console wrote so far (nothing waits).
    public func readAvailable() -> String {
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 1024)
        while true {
            let n = buf.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The slave's line discipline: canonical (cooked) input and echo, as a shell leaves it.
    public func isCooked() -> (canonical: Bool, echo: Bool) {
        let fd = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return (false, false) }
        defer { close(fd) }
        var t = termios()
        tcgetattr(fd, &t)
        return (t.c_lflag & tcflag_t(ICANON) != 0, t.c_lflag & tcflag_t(ECHO) != 0)
    }
}
