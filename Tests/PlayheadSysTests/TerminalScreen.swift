import Glibc
import PlayheadSys
import PlayheadTestSupport

/// What the person at the far end of a pseudo-terminal sees: everything the console writes,
/// read on a thread of its own as it arrives. The console writes from its own thread, so a test
/// needs a reader that turns "bytes came" into a signal it can wait for (`wait(until:)`).
final class TerminalScreen: Sendable {
    private let shown = SharedValue("")
    private let stopping = SharedValue(false)
    private let reader: WorkerThread

    init(_ pty: PseudoTerminal) {
        let shown = shown, stopping = stopping
        reader = WorkerThread(name: "ph-test-screen") {
            while !stopping.get {
                // The bound only lets `stop` be seen; data wakes the poll at once.
                switch DescriptorPoll.wait([pty.master], milliseconds: 100).first {
                case .readable?:
                    let text = pty.readAvailable()
                    if !text.isEmpty { shown.update { $0 += text } }
                case .failed?:
                    // No one holds the far end open (between tests' opens): nothing to read.
                    MonotonicClock.sleep(milliseconds: 10)
                default:
                    break
                }
            }
        }
    }

    /// Everything shown so far.
    var text: String { shown.get }

    /// Whether what is shown came to satisfy `condition` (see `Occurrences`).
    func wait(until condition: (String) -> Bool) async -> Bool {
        await shown.wait(until: condition)
    }

    func stop() {
        reader.stop { stopping.set(true) }
    }

    deinit { stop() }
}
