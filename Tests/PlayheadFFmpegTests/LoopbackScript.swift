import Foundation

/// A Python script serving on loopback, started for a test: it prints its port on the first line
/// and exits when the test process's pipe to it closes, so a killed test run never leaves a
/// server behind.
final class LoopbackScript {
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

    init?(script: String, arguments: [String]) {
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

    func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}
