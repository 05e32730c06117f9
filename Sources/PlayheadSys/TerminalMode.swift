#if canImport(Glibc)
import Glibc
#endif

/// A terminal's settings, kept to be put back, and raw mode with a chosen speed.
struct TerminalMode {
    let fd: Int32
    let saved: termios

    /// Nil when `fd` is not a terminal.
    init?(fd: Int32) {
        var t = termios()
        guard isatty(fd) == 1, tcgetattr(fd, &t) == 0 else { return nil }
        self.fd = fd
        saved = t
    }

    /// Raw: bytes as typed, no echo, no signals from Ctrl-C, no output processing (the editor
    /// writes CRLF itself). Reads return as soon as one byte is there.
    func makeRaw(baud: Int?) throws(SerialConsoleError) {
        var t = saved
        cfmakeraw(&t)
        withUnsafeMutableBytes(of: &t.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        if let baud {
            guard let speed = Self.speed(baud) else {
                throw SerialConsoleError("\(baud) baud is not a speed a serial port takes; use 9600, 19200, 38400, 57600, 115200, 230400, 460800 or 921600")
            }
            cfsetispeed(&t, speed)
            cfsetospeed(&t, speed)
        }
        guard tcsetattr(fd, TCSANOW, &t) == 0 else {
            throw SerialConsoleError("cannot set the terminal's mode: \(Sys.currentErrno)")
        }
    }

    func restore() {
        var t = saved
        _ = tcsetattr(fd, TCSANOW, &t)
    }

    static func speed(_ baud: Int) -> speed_t? {
        switch baud {
        case 1200: return speed_t(B1200)
        case 2400: return speed_t(B2400)
        case 4800: return speed_t(B4800)
        case 9600: return speed_t(B9600)
        case 19200: return speed_t(B19200)
        case 38400: return speed_t(B38400)
        case 57600: return speed_t(B57600)
        case 115_200: return speed_t(B115200)
        case 230_400: return speed_t(B230400)
        case 460_800: return speed_t(B460800)
        case 921_600: return speed_t(B921600)
        case 1_000_000: return speed_t(B1000000)
        case 1_500_000: return speed_t(B1500000)
        case 2_000_000: return speed_t(B2000000)
        case 3_000_000: return speed_t(B3000000)
        case 4_000_000: return speed_t(B4000000)
        default: return nil
        }
    }
}

public struct SerialConsoleError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
