import Glibc

/// The write end of the self-pipe; set before the handlers are installed, -1 once stopped.
nonisolated(unsafe) private var signalPipeWrite: Int32 = -1

/// Turns SIGINT and SIGTERM into a call on a thread of its own, so that the player can shut
/// down in order (input, engine, screen, sound) before it exits. A handler that only writes
/// the signal number to a pipe works whichever thread the kernel picks, unlike a blocked mask,
/// which every thread would need. One watcher per process.
public final class SignalWatcher: @unchecked Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32
    private var worker: WorkerThread?
    private static let signals = [SIGINT, SIGTERM]

    /// Nil when no pipe can be had (out of descriptors): signals then keep their default
    /// action, which ends the process without restoring the screen.
    public init?(_ handler: @escaping @Sendable (Int32) -> Void) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readEnd = fds[0]
        writeEnd = fds[1]
        signalPipeWrite = writeEnd
        for signal in Self.signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWrite, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        let readEnd = self.readEnd
        worker = WorkerThread(name: "ph-signals") {
            var byte: UInt8 = 0
            // A zero byte is the watcher's own stop.
            while read(readEnd, &byte, 1) == 1, byte != 0 {
                handler(Int32(byte))
            }
        }
    }

    /// Gives the signals their default action back and ends the thread. Safe to call twice.
    public func stop() {
        worker?.stop {
            for signal in Self.signals { Glibc.signal(signal, SIG_DFL) }
            var zero: UInt8 = 0
            _ = write(writeEnd, &zero, 1)
        }
    }

    deinit {
        stop()
        signalPipeWrite = -1
        close(readEnd)
        close(writeEnd)
    }
}
