#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The kernel's watchdog device (/dev/watchdog): once opened, the board resets unless it is fed
/// within the timeout. Closed with the magic character, it stops, unless the driver was built
/// with nowayout.
public final class HardwareWatchdog: @unchecked Sendable {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    // linux/watchdog.h: _IOWR('W', 6, int), _IOR('W', 7, int); the same
    // numbers on x86_64 and aarch64 (asm-generic ioctl layout).
    static let setTimeout: UInt = 0xC004_5706
    static let getTimeout: UInt = 0x8004_5707

    public let path: String
    /// -1 once closed. Feeds (the playback thread) and the close (the service's task) take
    /// this lock around the calls themselves, not only around reading the number: a close
    /// between the read and the ioctl would leave the feed writing to a number the process may
    /// have handed to another file by then.
    private let fd: Mutex<Int32>
    private let calls: any WatchdogCalls
    /// The timeout the driver really took (drivers round it, and some cap it: the Pi's at 15 s).
    public let timeoutSeconds: Int

    public init(path: String, timeoutSeconds wanted: Int) throws(Failure) {
        self.path = path
        calls = SystemWatchdogCalls()
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw Failure(description: "cannot open the watchdog \(path): \(Sys.currentErrno); load its driver (softdog stands in) or unset watchdog-device")
        }
        var value = Int32(wanted)
        _ = ioctl(fd, Self.setTimeout, &value)
        var taken: Int32 = 0
        timeoutSeconds = ioctl(fd, Self.getTimeout, &taken) == 0 && taken > 0 ? Int(taken) : wanted
        self.fd = Mutex(fd)
    }

    /// An open device behind `calls` (tests).
    init(path: String, fd: Int32, timeoutSeconds: Int, calls: any WatchdogCalls) {
        self.path = path
        self.fd = Mutex(fd)
        self.timeoutSeconds = timeoutSeconds
        self.calls = calls
    }

    /// Tells the driver playhead is alive; nothing once closed.
    public func feed() {
        fd.withLock { fd in
            guard fd >= 0 else { return }
            if !calls.keepAlive(fd) {
                calls.writeByte(fd, 0)
            }
        }
    }

    /// A deliberate stop: the magic character first, so the driver stops counting. Waits for
    /// a feed under way; a feed after it does nothing. Safe twice.
    public func close() {
        fd.withLock { fd in
            guard fd >= 0 else { return }
            calls.writeByte(fd, UInt8(ascii: "V"))
            calls.close(fd)
            fd = -1
        }
    }

    deinit { close() }
}
