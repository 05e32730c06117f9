#if canImport(Glibc)
import Glibc
#endif

/// The kernel's watchdog device (/dev/watchdog): once opened, the board resets unless it is fed
/// within the timeout. Closed with the magic character, it stops, unless the driver was built
/// with nowayout.
public final class HardwareWatchdog: @unchecked Sendable {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    // linux/watchdog.h: _IOR('W', 5, int), _IOWR('W', 6, int), _IOR('W', 7, int); the same
    // numbers on x86_64 and aarch64 (asm-generic ioctl layout).
    static let keepAlive: UInt = 0x8004_5705
    static let setTimeout: UInt = 0xC004_5706
    static let getTimeout: UInt = 0x8004_5707

    public let path: String
    private var fd: Int32
    /// The timeout the driver really took (drivers round it, and some cap it: the Pi's at 15 s).
    public let timeoutSeconds: Int

    public init(path: String, timeoutSeconds wanted: Int) throws(Failure) {
        self.path = path
        fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let why = String(cString: strerror(errno))
            throw Failure(description: "cannot open the watchdog \(path): \(why); load its driver (softdog stands in) or unset watchdog-device")
        }
        var value = Int32(wanted)
        _ = ioctl(fd, Self.setTimeout, &value)
        var taken: Int32 = 0
        timeoutSeconds = ioctl(fd, Self.getTimeout, &taken) == 0 && taken > 0 ? Int(taken) : wanted
    }

    /// Tells the driver playhead is alive.
    public func feed() {
        var dummy: Int32 = 0
        if ioctl(fd, Self.keepAlive, &dummy) != 0 {
            var zero: UInt8 = 0
            _ = write(fd, &zero, 1)
        }
    }

    /// A deliberate stop: the magic character first, so the driver stops counting.
    public func close() {
        guard fd >= 0 else { return }
        var magic = UInt8(ascii: "V")
        _ = write(fd, &magic, 1)
        _ = Glibc.close(fd)
        fd = -1
    }

    deinit { close() }
}
