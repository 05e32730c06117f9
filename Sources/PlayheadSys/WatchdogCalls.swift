#if canImport(Glibc)
import Glibc
#endif

/// The calls `HardwareWatchdog` makes on its open device, one function each, so that a test
/// can stand in for the driver and see which descriptor each call was given.
protocol WatchdogCalls: Sendable {
    /// WDIOC_KEEPALIVE; false when the driver does not take it.
    func keepAlive(_ fd: Int32) -> Bool
    func writeByte(_ fd: Int32, _ byte: UInt8)
    func close(_ fd: Int32)
}

/// The kernel's watchdog driver.
struct SystemWatchdogCalls: WatchdogCalls {
    // linux/watchdog.h: _IOR('W', 5, int); the same number on x86_64 and aarch64.
    static let keepAliveRequest: UInt = 0x8004_5705

    func keepAlive(_ fd: Int32) -> Bool {
        var dummy: Int32 = 0
        return ioctl(fd, Self.keepAliveRequest, &dummy) == 0
    }

    func writeByte(_ fd: Int32, _ byte: UInt8) {
        var byte = byte
        _ = write(fd, &byte, 1)
    }

    func close(_ fd: Int32) { _ = Glibc.close(fd) }
}
