import Glibc

/// The write end of the self-pipe; set once before the handlers are installed.
nonisolated(unsafe) private var signalPipeWrite: Int32 = -1

/// Turns SIGINT and SIGTERM into a call on a thread of its own, so that the player can put the
/// display back before it exits. A handler that only writes the signal number to a pipe works
/// whichever thread the kernel picks, unlike a blocked mask, which every thread would need.
public enum SignalWatcher {
    public static func start(_ handler: @escaping @Sendable (Int32) -> Void) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        signalPipeWrite = fds[1]
        let readEnd = fds[0]
        for signal in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWrite, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        _ = WorkerThread(name: "ph-signals") {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) == 1 {
                handler(Int32(byte))
            }
        }
    }
}
