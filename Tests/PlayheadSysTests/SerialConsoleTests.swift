import PlayheadSys
import Synchronization
import Testing

/// A pseudo-terminal stands in for the serial line: the test is the person at the other end.
@Suite(.timeLimit(.minutes(1))) struct SerialConsoleTests {
    func until(_ seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    @Test func rawWhileRunningLinesAnsweredAndTheTerminalPutBack() async throws {
        let pty = try #require(PseudoTerminal())
        #expect(pty.isCooked() == (true, true))
        let console = try SerialConsole(device: pty.slavePath, baud: 115_200)
        #expect(console.isTerminal)
        let lines = Mutex<[String]>([])
        console.start { line in
            lines.withLock { $0.append(line) }
            return "answer to \(line)"
        }
        #expect(pty.isCooked() == (false, false))
        var seen = ""
        #expect(await until { seen += pty.readAvailable(); return seen.contains("playhead> ") })
        pty.type("stat")
        pty.type("us\r")
        #expect(await until { lines.withLock { $0 } == ["status"] })
        #expect(await until { seen += pty.readAvailable(); return seen.hasSuffix("status\r\n\r\u{1B}[2Kanswer to status\r\nplayhead> ") })
        pty.type("pa")
        console.show("an event")
        #expect(await until { seen += pty.readAvailable(); return seen.hasSuffix("\r\u{1B}[2Kan event\r\nplayhead> pa") })
        console.stop()
        #expect(pty.isCooked() == (true, true))
        console.stop()
    }

    @Test func aMissingDeviceIsOneLineNamingIt() {
        do {
            _ = try SerialConsole(device: "/dev/ttyNOPE9", baud: 115_200)
            Issue.record("a missing console opened")
        } catch {
            #expect(error.message.hasPrefix("cannot open the console /dev/ttyNOPE9: "))
            #expect(error.message.hasSuffix("check the console option's device name"))
        }
    }

    @Test func aSpeedNoPortTakesIsRefused() throws {
        let pty = try #require(PseudoTerminal())
        do {
            _ = try SerialConsole(device: pty.slavePath, baud: 12345)
            Issue.record("12345 baud was taken")
        } catch {
            #expect(error.message.hasPrefix("12345 baud is not a speed"))
        }
    }
}
