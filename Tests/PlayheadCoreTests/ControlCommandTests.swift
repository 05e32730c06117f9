import Testing
import PlayheadCore

@Suite struct ControlCommandTests {
    @Test func theWordsOfTheControlInterface() throws {
        #expect(try ControlCommand.parse("play").get() == .play)
        #expect(try ControlCommand.parse(" Pause \r").get() == .pause)
        #expect(try ControlCommand.parse("interruption begin").get() == .beginInterruption(duck: nil))
        #expect(try ControlCommand.parse("interruption begin duck 0.25").get() == .beginInterruption(duck: 0.25))
        #expect(try ControlCommand.parse("interruption end").get() == .endInterruption(shouldResume: true))
        #expect(try ControlCommand.parse("interruption end keep-paused").get() == .endInterruption(shouldResume: false))
        #expect(try ControlCommand.parse("volume 0.5").get() == .volume(0.5))
        #expect(try ControlCommand.parse("mute").get() == .mute(true))
        #expect(try ControlCommand.parse("unmute").get() == .mute(false))
    }

    @Test func badLinesSayWhatIsUnderstood() {
        guard case .failure(let e) = ControlCommand.parse("reboot now") else { Issue.record("accepted"); return }
        #expect(e.message.contains("unknown command 'reboot now'") && e.message.contains("interruption begin"))
        guard case .failure(let d) = ControlCommand.parse("interruption begin duck loud") else { Issue.record("accepted"); return }
        #expect(d.message.contains("'loud'"))
        guard case .failure = ControlCommand.parse("play 2") else { Issue.record("accepted"); return }
        guard case .failure(let v) = ControlCommand.parse("volume 11") else { Issue.record("accepted"); return }
        #expect(v.message.contains("'11'"))
    }
}
