import Synchronization

/// Tells the service manager that started playhead how it is doing, by systemd's notify
/// protocol: `READY=1`, `WATCHDOG=1`, `STATUS=...` as datagrams on the socket named by
/// `NOTIFY_SOCKET`. No libsystemd: the protocol is one datagram per message, and a board
/// without systemd simply has no such variable.
public final class ServiceNotifier: Sendable {
    /// How often the manager wants `WATCHDOG=1`, when it watches this process.
    public let watchdogNanoseconds: Int64?
    private let address: UnixSocketAddress
    private let fd = Mutex<Int32>(-1)

    /// Nil when nothing asked to be notified (no `NOTIFY_SOCKET`), or it names no usable socket.
    public static func fromEnvironment() -> ServiceNotifier? {
        guard let socket = Sys.environment("NOTIFY_SOCKET") else { return nil }
        return ServiceNotifier(socket: socket, watchdogMicroseconds: Sys.environment("WATCHDOG_USEC"),
                               watchdogPID: Sys.environment("WATCHDOG_PID"))
    }

    /// A watchdog meant for another process (`WATCHDOG_PID` is not this one) is not kept.
    public init?(socket: String, watchdogMicroseconds: String? = nil, watchdogPID: String? = nil) {
        guard let address = UnixSocketAddress(path: socket, allowAbstract: true) else { return nil }
        self.address = address
        let forUs = watchdogPID.map { Int32($0) == Sys.processID } ?? true
        if forUs, let text = watchdogMicroseconds, let us = Int64(text), us > 0 {
            watchdogNanoseconds = us * 1000
        } else {
            watchdogNanoseconds = nil
        }
    }

    deinit {
        fd.withLock { if $0 >= 0 { UnixSocket.close($0) } }
    }

    /// Sends one message (lines of `KEY=value`); false when it could not be delivered, which
    /// the caller may log but never waits on.
    @discardableResult
    public func send(_ message: String) -> Bool {
        fd.withLock { fd in
            if fd < 0 {
                guard case .done(let opened) = UnixSocket.openDatagram() else { return false }
                guard UnixSocket.connect(opened, address) == .done(0) else {
                    UnixSocket.close(opened)
                    return false
                }
                fd = opened
            }
            switch Array(message.utf8).withUnsafeBytes({ UnixSocket.send(fd, $0) }) {
            case .done: return true
            case .wouldBlock: return false
            case .failed:
                // The manager's socket went away: connect again next time.
                UnixSocket.close(fd)
                fd = -1
                return false
            }
        }
    }
}
