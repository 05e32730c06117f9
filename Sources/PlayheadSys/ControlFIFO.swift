#if canImport(Glibc)
import Glibc
#endif

/// A named pipe that other programs write command lines into (`echo pause > /run/playhead.ctl`).
/// Opened for reading and writing, so it never reaches end-of-file when a writer closes.
public final class ControlFIFO: @unchecked Sendable {
    public let path: String
    private let fd: Int32
    private var thread: WorkerThread?

    /// Makes the FIFO when missing. Throws a one-line reason.
    public init(path: String) throws(ControlFIFOError) {
        self.path = path
        var info = stat()
        if stat(path, &info) != 0 {
            guard mkfifo(path, 0o620) == 0 else { throw ControlFIFOError("cannot make the control FIFO \(path): \(Sys.errorDescription(errno))") }
        } else if info.st_mode & S_IFMT != S_IFIFO {
            throw ControlFIFOError("\(path) exists and is not a FIFO; remove it or name another --control path")
        }
        let f = open(path, O_RDWR | O_CLOEXEC)
        guard f >= 0 else { throw ControlFIFOError("cannot open the control FIFO \(path): \(Sys.errorDescription(errno))") }
        fd = f
    }

    /// Calls `handler` with each line, on a thread of its own, for as long as the process runs.
    public func start(_ handler: @escaping @Sendable (String) -> Void) {
        let fd = self.fd
        thread = WorkerThread(name: "ph-control") {
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 512)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                pending += chunk[0..<n]
                while let newline = pending.firstIndex(of: 10) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    if !line.allSatisfy({ $0 == " " }) { handler(line) }
                }
                // A line longer than any command is noise: drop it rather than grow.
                if pending.count > 4096 { pending.removeAll() }
            }
        }
    }
}

public struct ControlFIFOError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
