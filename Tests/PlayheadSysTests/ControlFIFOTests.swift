import PlayheadTestSupport
import Dispatch
import Glibc
@testable import PlayheadSys
import Synchronization
import Testing

/// The FIFO with a real named pipe. The bytes are written before its thread starts, so that it
/// reads them in whole 512-byte chunks: the old reader cleared an overlong buffer at a chunk's
/// end and then ran the rest of the line as a command.
@Suite(.timeLimit(.minutes(1))) struct ControlFIFOTests {
    @Test func overlongLineIsDroppedUpToItsNewlineAndNoPartOfItRuns() throws {
        let dir = TemporaryDirectory()
        let fifo = try ControlFIFO(path: dir.file("ctl"))
        defer { fifo.stop() }
        let writer = open(fifo.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(writer >= 0)
        defer { close(writer) }
        var bytes = Array((String(repeating: "x", count: 9 * 512) + "next\nplay\n").utf8)
        #expect(bytes.withUnsafeMutableBytes { write(writer, $0.baseAddress, $0.count) } == bytes.count)

        let lines = LineCollector()
        let overlong = Atomic(0)
        let sawPlay = DispatchSemaphore(value: 0)
        fifo.start({ line in
            lines.append(line)
            if line == "play" { sawPlay.signal() }
        }, overlong: { overlong.add(1, ordering: .relaxed) })
        sawPlay.wait()
        #expect(lines.all == ["play"])
        #expect(overlong.load(ordering: .relaxed) == 1)
    }
}
