import SystemPackage

/// A GPIO call that failed: what was being done, on which chip or line, and the errno.
public struct GPIOError: Error, Sendable, Hashable, CustomStringConvertible {
    public let operation: String
    public let target: String
    public let errno: Errno

    public init(operation: String, target: String, errno: Errno) {
        self.operation = operation
        self.target = target
        self.errno = errno
    }

    /// The chip went away (unplugged, its driver unloaded): try again later.
    public var isGone: Bool { errno == .noSuchFileOrDirectory || errno == .operationNotSupportedByDevice || errno == .ioError }

    public var description: String {
        switch errno {
        #if !PLAYHEAD_GPIOD2
        case .invalidArgument where operation != "set" && operation != "read value":
            // libgpiod 1 speaks the kernel's v1 GPIO interface; kernels built without
            // CONFIG_GPIO_CDEV_V1 (Debian's 7.x) answer EINVAL to every v1 line call.
            return "GPIO \(operation) on \(target): the kernel refused libgpiod 1's interface (EINVAL); "
                + "use a kernel with CONFIG_GPIO_CDEV_V1=y, or build playhead against libgpiod 2"
        #endif
        case .permissionDenied:
            return "GPIO \(operation) on \(target): permission denied; put playhead's user in the gpio group "
                + "(rootfs-overlay's mdev and udev rules give /dev/gpiochip* to it)"
        case .resourceBusy:
            return "GPIO \(operation) on \(target): the line is held by another program or driver; `gpio` shows its consumer"
        default:
            return "GPIO \(operation) on \(target) failed (\(errno))"
        }
    }
}

/// Why the map's lines could not all be taken, in one line for the log.
struct GPIOProblem: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
