import PlayheadSys
import PlayheadTestSupport
import Testing

/// A pseudo-terminal stands in for the serial line: the test is the person at the other end.
@Suite(.timeLimit(.minutes(1))) struct SerialConsoleTests {
    // A real terminal and the console's real thread: the line discipline (raw, then put back)
    // is the kernel's. Each wait is for what the screen shows (see TerminalScreen).
    @Test func rawWhileRunningLinesAnsweredAndTheTerminalPutBack() async throws {
        let pty = try #require(PseudoTerminal())
        #expect(pty.isCooked() == (true, true))
        let console = try SerialConsole(device: pty.slavePath, baud: 115_200)
        #expect(console.isTerminal)
        let screen = TerminalScreen(pty)
        defer { screen.stop() }
        let lines = SharedValue<[String]>([])
        console.start { line in
            lines.update { $0.append(line) }
            return "answer to \(line)"
        }
        #expect(pty.isCooked() == (false, false))
        #expect(await screen.wait { $0.contains("playhead> ") }, "\(screen.text.debugDescription)")
        pty.type("stat")
        pty.type("us\r")
        #expect(await screen.wait { $0.hasSuffix("status\r\n\r\u{1B}[2Kanswer to status\r\nplayhead> ") },
                "\(screen.text.debugDescription)")
        // The answer is written after the line was handed over.
        #expect(lines.get == ["status"])
        pty.type("pa")
        // The echo first, as the person typing sees it. An event shown while the console's
        // thread has taken "pa" into its line but not yet echoed it shows "pa" twice (the echo
        // is written outside the editor's lock); this test is about the event above the line.
        #expect(await screen.wait { $0.hasSuffix("playhead> pa") }, "\(screen.text.debugDescription)")
        console.show("an event")
        #expect(await screen.wait { $0.hasSuffix("\r\u{1B}[2Kan event\r\nplayhead> pa") }, "\(screen.text.debugDescription)")
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
