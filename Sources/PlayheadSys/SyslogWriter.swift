import Logging
import Synchronization

/// Lines for the system logger through its datagram socket (`/dev/log`): busybox syslogd,
/// rsyslog or journald keep them past a reboot or send them on. It never waits: a logger that
/// is behind or absent costs a dropped line, not a stalled player. Connected once, on the first
/// line; when the logger goes away or restarts, connected again, at most once a second while
/// it stays away.
final class SyslogWriter: Sendable {
    /// daemon (3), as RFC 3164 numbers facilities.
    static let facility = 3
    /// Longer datagrams are cut: rsyslog takes 8 KiB by default, and a larger one may not fit
    /// the socket at all.
    static let maxDatagramBytes = 8192
    static let retryNanoseconds: Int64 = 1_000_000_000

    private struct Connection {
        var fd: Int32 = -1
        var nextAttempt = Int64.min
    }

    private let address: UnixSocketAddress?
    /// `playhead[pid]: `, as syslog(3) tags a line.
    private let tag: String
    private let connection = Mutex(Connection())

    /// A path that cannot be a socket address makes a writer that drops everything.
    init(path: String) {
        address = UnixSocketAddress(path: path)
        tag = "playhead[\(Sys.processID)]: "
    }

    deinit {
        connection.withLock { if $0.fd >= 0 { UnixSocket.close($0.fd) } }
    }

    /// `<PRI>` for a level: facility times 8 plus the severity (0 emergency ... 7 debug).
    static func priority(_ level: Logger.Level) -> Int {
        let severity = switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
        return facility * 8 + severity
    }

    /// Sends `<PRI>playhead[pid]: ` and `body` as one datagram, or drops it.
    func send(level: Logger.Level, body: String) {
        guard let address else { return }
        let datagram = Self.cut(Array("<\(Self.priority(level))>\(tag)\(body)".utf8))
        connection.withLock { c in
            // A second try only after a failed send on an open connection: the logger
            // restarted, and its new socket is there to connect to.
            for _ in 0..<2 {
                if c.fd < 0, !Self.connect(&c, address) { return }
                switch datagram.withUnsafeBytes({ UnixSocket.send(c.fd, $0) }) {
                case .done, .wouldBlock:
                    // Would block: the logger is behind, and this line is dropped.
                    return
                case .failed:
                    UnixSocket.close(c.fd)
                    c.fd = -1
                    c.nextAttempt = .min
                }
            }
        }
    }

    /// At most `maxDatagramBytes`, cut before a character rather than inside one.
    static func cut(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count > maxDatagramBytes else { return bytes }
        var end = maxDatagramBytes
        // 0b10xxxxxx continues a character begun before it.
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return Array(bytes[..<end])
    }

    private static func connect(_ c: inout Connection, _ address: UnixSocketAddress) -> Bool {
        let now = Sys.monotonicNanoseconds()
        guard now >= c.nextAttempt else { return false }
        c.nextAttempt = now + retryNanoseconds
        guard case .done(let fd) = UnixSocket.openDatagram() else { return false }
        guard UnixSocket.connect(fd, address) == .done(0) else {
            UnixSocket.close(fd)
            return false
        }
        c.fd = fd
        return true
    }
}
