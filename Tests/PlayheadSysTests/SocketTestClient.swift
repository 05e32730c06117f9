import Glibc

/// A program on the other end of a control socket, made with plain socket calls. Its reads
/// never block: they poll with `Task.sleep`, so a test waiting for a reply leaves the test
/// pool's threads free.
final class SocketTestClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var fd: Int32
    private var received: [UInt8] = []
    private(set) var sawEnd = false

    /// Connects to the stream socket at `path`.
    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard rc == 0 else {
            let message = String(cString: strerror(errno))
            // Through close(), so that the deinit (which runs, self being whole) finds -1:
            // a second close would hit whatever another test opened under that number.
            close()
            throw Failure(description: "connect \(path): \(message)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit { close() }

    /// Writes all of `text` (small writes: the socket takes them at once).
    func write(_ text: String) {
        var bytes = Array(text.utf8)
        let n = bytes.withUnsafeMutableBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        precondition(n == bytes.count, "short write \(n) of \(bytes.count): \(String(cString: strerror(errno)))")
    }

    /// Shuts the writing side, as `nc -N` does at the end of its input.
    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// The next line without its newline; nil when the server closed first. Throws when
    /// nothing comes before the deadline.
    func readLine(within limit: Duration = .seconds(20)) async throws -> String? {
        let deadline = ContinuousClock.now + limit
        while true {
            if let newline = received.firstIndex(of: 10) {
                let line = String(decoding: received[..<newline], as: UTF8.self)
                received.removeSubrange(...newline)
                return line
            }
            if sawEnd { return nil }
            if !pump() {
                guard ContinuousClock.now < deadline else { throw Failure(description: "no line within \(limit)") }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    /// Reads and throws away everything until the server closes; false if it does not close
    /// before the deadline.
    func drainUntilClosed(within limit: Duration = .seconds(20)) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while !sawEnd {
            if !pump() {
                guard ContinuousClock.now < deadline else { return false }
                try await Task.sleep(for: .milliseconds(5))
            }
            received.removeAll(keepingCapacity: true)
        }
        return true
    }

    /// Reads what is there without waiting; false when there was nothing.
    private func pump() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if n > 0 {
            received += chunk[..<n]
            return true
        }
        if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
            sawEnd = true
            return true
        }
        return false
    }
}
