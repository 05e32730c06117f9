import Glibc
import PlayheadSys

/// A plain HTTP/1.1 client for tests of a server on loopback: one request per connection
/// (`Connection: close`), read to the end, chunked bodies joined. Blocking calls run on a thread
/// of their own (OwnThread). Small on purpose: the test graph then needs no HTTP client package
/// (HummingbirdTesting's brings AsyncHTTPClient and HTTP/2, minutes of every fresh build).
public struct LoopbackHTTP: Sendable {
    public struct Response: Sendable {
        public var status: Int
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }
        /// The first header of that name, whatever its case.
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public let port: Int
    public init(port: Int) { self.port = port }

    /// `chunked`: the body in 64 KB chunks with no Content-Length, as a client that does not
    /// know its size sends it.
    public func send(_ path: String, _ method: String = "GET", headers: [(String, String)] = [],
                     body: [UInt8]? = nil, chunked: Bool = false) async throws -> Response {
        let port = port
        return try await OwnThread.run("ph-test-http") {
            Result { try Self.exchange(port, path, method, headers, body, chunked: chunked) }
        }.get()
    }

    public func send(_ path: String, _ method: String = "GET", headers: [(String, String)] = [], body: String) async throws -> Response {
        try await send(path, method, headers: headers, body: Array(body.utf8))
    }

    static func exchange(_ port: Int, _ path: String, _ method: String, _ headers: [(String, String)], _ body: [UInt8]?,
                         chunked: Bool) throws -> Response {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to 127.0.0.1:\(port): \(errno)") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        var payload = body ?? []
        if chunked, let body {
            head += "Transfer-Encoding: chunked\r\n"
            payload = []
            var i = 0
            while i < body.count {
                let piece = body[i..<min(i + 65_536, body.count)]
                payload += Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + [13, 10]
                i += piece.count
            }
            payload += Array("0\r\n\r\n".utf8)
        } else if let body {
            head += "Content-Length: \(body.count)\r\n"
        }
        let request = Array((head + "\r\n").utf8) + payload
        var sent = 0
        while sent < request.count {
            let n = request.withUnsafeBytes { write(fd, $0.baseAddress! + sent, $0.count - sent) }
            // The server may answer (413) and close before taking the whole body.
            guard n > 0 else { break }
            sent += n
        }
        var raw: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        // A whole deadline, not only one per read: a stream that sends now and then (events'
        // comments every 15 s) would otherwise keep a test waiting for ever.
        let deadline = MonotonicClock().now().nanoseconds + 20_000_000_000
        while MonotonicClock().now().nanoseconds < deadline {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n <= 0 { break }
            raw += chunk.prefix(n)
        }
        guard !raw.isEmpty else { throw Failure(description: "no answer from 127.0.0.1:\(port) within 20 s") }
        return try parse(raw)
    }

    static func parse(_ raw: [UInt8]) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = raw.indices.first(where: { raw[$0...].starts(with: separator) }) else {
            throw Failure(description: "no complete response head in \(raw.count) bytes")
        }
        let lines = String(decoding: raw[..<end], as: UTF8.self).split(separator: "\r\n").map(String.init)
        guard let statusLine = lines.first, statusLine.split(separator: " ").count >= 2,
              let status = Int(statusLine.split(separator: " ")[1]) else {
            throw Failure(description: "a bad status line: \(lines.first ?? "")")
        }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...].drop(while: { $0 == " " })))
        }
        var body = Array(raw[(end + 4)...])
        if headers.contains(where: { $0.name.lowercased() == "transfer-encoding" && $0.value.lowercased() == "chunked" }) {
            body = try dechunk(body)
        }
        return Response(status: status, headers: headers, body: body)
    }

    static func dechunk(_ data: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < data.count {
            guard let lineEnd = data[i...].indices.first(where: { data[$0...].starts(with: [13, 10]) }),
                  let size = Int(String(decoding: data[i..<lineEnd], as: UTF8.self).split(separator: ";")[0], radix: 16) else {
                throw Failure(description: "a bad chunk at byte \(i)")
            }
            if size == 0 { return out }
            let start = lineEnd + 2
            guard start + size <= data.count else { throw Failure(description: "a chunk cut short at byte \(i)") }
            out += data[start..<(start + size)]
            i = start + size + 2
        }
        return out
    }
}
