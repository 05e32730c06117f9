import Glibc
@testable import PlayheadSys

/// A stand-in for syslogd: a datagram socket bound at a path, read without blocking (polling
/// with `Task.sleep`, so the test pool is never held).
final class DatagramTestReceiver {
    let path: String
    private let fd: Int32

    /// `@name` binds an abstract name when `abstract` is set (no file to unlink then).
    init(path: String, abstract: Bool = false) throws {
        self.path = path
        guard case .done(let fd) = UnixSocket.openDatagram() else { throw SocketTestClient.Failure(description: "no datagram socket") }
        guard UnixSocket.bind(fd, UnixSocketAddress(path: path, allowAbstract: abstract)!) == .done(0) else {
            UnixSocket.close(fd)
            throw SocketTestClient.Failure(description: "cannot bind \(path)")
        }
        self.fd = fd
    }

    /// Closes and unlinks, as a syslogd that stops.
    deinit {
        UnixSocket.close(fd)
        unlink(path)
    }

    /// The next datagram, or nil when none comes within `limit`.
    func receive(within limit: Duration = .seconds(20)) async throws -> String? {
        let deadline = ContinuousClock.now + limit
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if case .done(let n) = buffer.withUnsafeMutableBytes({ UnixSocket.receive(fd, into: $0) }) {
                return String(decoding: buffer[..<Int(n)], as: UTF8.self)
            }
            guard ContinuousClock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Every datagram waiting now.
    func drain() -> [String] {
        var all: [String] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case .done(let n) = buffer.withUnsafeMutableBytes({ UnixSocket.receive(fd, into: $0) }) {
            all.append(String(decoding: buffer[..<Int(n)], as: UTF8.self))
        }
        return all
    }
}
