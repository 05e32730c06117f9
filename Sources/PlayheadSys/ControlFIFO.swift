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
            guard mkfifo(path, 0o620) == 0 else { throw ControlFIFOError("cannot make the control FIFO \(path): \(Sys.currentErrno)") }
        } else if info.st_mode & S_IFMT != S_IFIFO {
            throw ControlFIFOError("\(path) exists and is not a FIFO; remove it or name another --control path")
        }
        let f = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard f >= 0 else { throw ControlFIFOError("cannot open the control FIFO \(path): \(Sys.currentErrno)") }
        fd = f
    }

    /// A longer line is dropped up to its newline; `overlong` is told once for it.
    public static let maxLineBytes = 4096

    /// Calls `handler` with each line, on a thread of its own, until `stop`; `overlong` once for
    /// each line dropped as too long.
    public func start(_ handler: @escaping @Sendable (String) -> Void, overlong: @escaping @Sendable () -> Void = {}) {
        worker = WorkerThread(name: "ph-control") { [self] in run(handler, overlong) }
    }

    /// Ends the reading thread; safe to call twice.
    public func stop() {
        worker?.stop { stopRequested.store(true, ordering: .releasing) }
    }

    deinit {
        stop()
        close(fd)
    }

    private func run(_ handler: (String) -> Void, _ overlong: () -> Void) {
        // Framed, not cleared when long: the tail of a cleared line would run as a command.
        var framer = LineFramer(limit: Self.maxLineBytes)
        var chunk = [UInt8](repeating: 0, count: 512)
        // Polled with a short timeout: a blocked read(2) cannot be woken for the stop.
        while !stopRequested.load(ordering: .acquiring) {
            guard DescriptorPoll.wait([fd], milliseconds: 100).first == .readable else { continue }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { continue }
            let events = chunk.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            for event in events {
                switch event {
                case .line(let line): if !line.allSatisfy(\.isWhitespace) { handler(line) }
                case .overlong: overlong()
                }
            }
        }
    }
}

public struct ControlFIFOError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
