import Foundation
import PlayheadTestSupport

/// A Python script serving on loopback, started for a test: it prints its port on the first line
/// and exits when the test process's pipe to it closes, so a killed test run never leaves a
/// server behind. Started with `start`, which waits for the port on a thread of its own
/// (OwnThread): Python's start takes seconds on a loaded machine, too long to hold one of the
/// test pool's threads. Sendable: set once in init; `stop` is safe from any thread.
final class LoopbackScript: @unchecked Sendable {
    let port: Int
    private let process: Process
    private let input: Pipe

    /// Run before every script. The child inherits the test runner's signal mask, where
    /// Dispatch blocks SIGTERM: it is unblocked. And the child exits when the runner goes away
    /// (its stdin reaches end of file), so a killed test run never leaves a server behind.
    static let prelude = """
        import os, signal, sys, threading
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
        def watch():
            sys.stdin.read()
            os._exit(0)
        threading.Thread(target=watch, daemon=True).start()

        """

    static func start(script: String, arguments: [String]) async -> LoopbackScript? {
        await OwnThread.run("ph-test-script") { LoopbackScript(script: script, arguments: arguments) }
    }

    private init?(script: String, arguments: [String]) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", Self.prelude + script] + arguments
        let out = Pipe()
        let input = Pipe()
        p.standardOutput = out
        p.standardInput = input
        do { try p.run() } catch { return nil }
        var line = Data()
        while let byte = try? out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data([10]) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            try? input.fileHandleForWriting.close()
            p.terminate()
            return nil
        }
        self.port = port
        self.process = p
        self.input = input
    }

    /// Asks the script to end (its stdin closed, SIGTERM) without waiting for it.
    func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.terminate()
    }

    /// Ends the script and waits, on a thread of its own, until it has exited (its port free).
    func stopAndWait() async {
        stop()
        await OwnThread.run("ph-test-script") { [self] in process.waitUntilExit() }
    }

    deinit { stop() }
}
