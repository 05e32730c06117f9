#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A named pipe that other programs write command lines into (`echo pause > /run/playhead.ctl`).
/// Opened for reading and writing, so it never reaches end-of-file when a writer closes.
public final class ControlFIFO: @unchecked Sendable {
    public let path: String
    private let fd: Int32
    private let stopRequested = Atomic(false)
    private var worker: WorkerThread?

    /// Makes the FIFO when missing. Throws a one-line reason.
    public init(path: String) throws(ControlFIFOError) {
        self.path = path
        var info = stat()
        if stat(path, &info) != 0 {
            guard mkfifo(path, 0o620) == 0 else { throw ControlFIFOError("cannot make the control FIFO \(path): \(Sys.errorDescription(errno))") }
        } else if info.st_mode & S_IFMT != S_IFIFO {
            throw ControlFIFOError("\(path) exists and is not a FIFO; remove it or name another --control path")
        }
        let f = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard f >= 0 else { throw ControlFIFOError("cannot open the control FIFO \(path): \(Sys.errorDescription(errno))") }
        fd = f
    }

    /// Calls `handler` with each line, on a thread of its own, until `stop`.
    public func start(_ handler: @escaping @Sendable (String) -> Void) {
        worker = WorkerThread(name: "ph-control") { [self] in run(handler) }
    }

    /// Ends the reading thread; safe to call twice.
    public func stop() {
        worker?.stop { stopRequested.store(true, ordering: .releasing) }
    }

    deinit {
        stop()
        close(fd)
    }

    private func run(_ handler: (String) -> Void) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        // Polled with a short timeout: a blocked read(2) cannot be woken for the stop.
        while !stopRequested.load(ordering: .acquiring) {
            guard DescriptorPoll.wait([fd], milliseconds: 100).first == .readable else { continue }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { continue }
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

public struct ControlFIFOError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
