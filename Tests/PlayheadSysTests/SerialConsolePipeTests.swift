import Dispatch
import Glibc
@testable import PlayheadSys
import Synchronization
import Testing

/// The console on a pipe (no terminal: plain lines, no prompt). The bytes are written before
/// its thread starts, so that it reads them in whole 256-byte chunks: the old reader cleared an
/// overlong buffer at a chunk's end and then ran the rest of the line as a command.
@Suite(.timeLimit(.minutes(1))) struct SerialConsolePipeTests {
    @Test func overlongLineIsDroppedWithOneErrorLineAndNoPartOfItRuns() throws {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        try #require(pipe(&input) == 0 && pipe(&output) == 0)
        defer { for fd in input + output { close(fd) } }
        _ = fcntl(output[0], F_SETFL, O_NONBLOCK)
        var bytes = Array((String(repeating: "x", count: 17 * 256) + "next\nplay\n").utf8)
        #expect(bytes.withUnsafeMutableBytes { write(input[1], $0.baseAddress, $0.count) } == bytes.count)

        let console = SerialConsole(name: "pipe", input: input[0], output: output[1])
        #expect(!console.isTerminal)
        let lines = LineCollector()
        let sawPlay = DispatchSemaphore(value: 0)
        console.start { line in
            lines.append(line)
            if line == "play" { sawPlay.signal() }
            return "ok \(line)"
        }
        sawPlay.wait()
        // Joins the thread: every reply is written by then.
        console.stop()
        #expect(lines.all == ["play"])
        var reply = [UInt8](repeating: 0, count: 4096)
        let n = reply.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
        #expect(String(decoding: reply.prefix(max(n, 0)), as: UTF8.self) == "error: line longer than 4096 bytes; ignored\nok play\n")
    }
}
