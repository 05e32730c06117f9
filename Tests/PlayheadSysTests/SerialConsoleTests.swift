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
        // The echo first, as the person typing sees it (an event shown while typing: see
        // linesShownWhileTypingNeverRepeatTheTypedText).
        #expect(await screen.wait { $0.hasSuffix("playhead> pa") }, "\(screen.text.debugDescription)")
        console.show("an event")
        #expect(await screen.wait { $0.hasSuffix("\r\u{1B}[2Kan event\r\nplayhead> pa") }, "\(screen.text.debugDescription)")
        console.stop()
        #expect(pty.isCooked() == (true, true))
        console.stop()
    }

    /// Lines shown from another thread while someone types never repeat what was typed: every
    /// redrawn line holds a beginning of the typed text. The echo was written after the
    /// editor's lock was let go, so a line shown in between drew the typed text before its echo
    /// came ("playhead> papa"). A race: this types and shows 400 times to give it chances.
    @Test func linesShownWhileTypingNeverRepeatTheTypedText() async throws {
        let pty = try #require(PseudoTerminal())
        let console = try SerialConsole(device: pty.slavePath, baud: 115_200)
        let screen = TerminalScreen(pty)
        defer { screen.stop() }
        console.start { _ in nil }
        #expect(await screen.wait { $0.contains("playhead> ") })
        let typed = String((0..<400).map { i in Character(UnicodeScalar(UInt8(97 + i % 26))) })
        // Each line shown right after a key, while the console's thread takes the key in.
        for (i, c) in typed.enumerated() {
            pty.type(String(c))
            for _ in 0..<(i % 7) { _ = MonotonicClock().now() }
            console.show("event \(i)")
        }
        #expect(await screen.wait { $0.hasSuffix("playhead> " + typed) }, "\(screen.text.suffix(300).debugDescription)")
        console.stop()
        // What follows each prompt up to the line's end or its next redraw.
        var drawn: [Substring] = []
        var rest = Substring(screen.text)
        while let at = rest.firstRange(of: "playhead> ") {
            rest = rest[at.upperBound...]
            // isNewline: "\r\n" is one Character, neither "\r" nor "\n" (the line ended by the
            // console's stop was once taken for a repeat).
            drawn.append(rest.prefix { !$0.isNewline })
        }
        let repeated = drawn.filter { !typed.hasPrefix($0) }
        #expect(repeated.isEmpty, "typed text drawn twice: \(repeated.prefix(3))")
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
