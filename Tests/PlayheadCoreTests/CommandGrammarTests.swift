import PlayheadCore
import Testing

@Suite struct CommandGrammarTests {
    func parse(_ line: String) -> ConsoleCommand? { try? CommandGrammar.parse(line).get() }
    func error(_ line: String) -> String? {
        if case .failure(let e) = CommandGrammar.parse(line) { return e.message }
        return nil
    }

    @Test func transportWords() {
        #expect(parse("play") == .play)
        #expect(parse("  PAUSE ") == .pause)
        #expect(parse("toggle") == .toggle)
        #expect(parse("stop") == .stop)
        #expect(parse("next") == .next)
        #expect(parse("previous") == .previous)
        #expect(parse("mute") == .mute(true))
        #expect(parse("unmute\r") == .mute(false))
    }

    @Test func aScreenshotNamesNoFile() {
        #expect(parse("screenshot") == .screenshot)
        #expect(error("screenshot /var/lib/playhead/state") == "screenshot takes no file name; it saves into screenshot-dir and says the name; usage: screenshot")
    }

    @Test func seekIsAbsoluteOrRelativeExactOrFast() {
        #expect(parse("seek 12.5") == .seek(.absolute(12.5), exact: true))
        #expect(parse("seek +10") == .seek(.relative(10), exact: true))
        #expect(parse("seek -5 fast") == .seek(.relative(-5), exact: false))
        #expect(error("seek") == "seek needs a number of seconds; usage: seek [+|-]SECONDS [exact|fast]")
        #expect(error("seek 3 slow") == "'slow' is neither exact nor fast; usage: seek [+|-]SECONDS [exact|fast]")
        #expect(error("seek nan")?.hasPrefix("seek needs a number") == true)
    }

    @Test func volumeAndRate() {
        #expect(parse("volume 0.5") == .volume(.absolute(0.5)))
        #expect(parse("volume +0.05") == .volume(.relative(0.05)))
        #expect(parse("volume -0.1") == .volume(.relative(-0.1)))
        #expect(error("volume 2") == "a volume is from 0 to 1; usage: volume [+|-]V")
        #expect(parse("rate -1") == .rate(-1))
        #expect(error("rate 0")?.contains("usage: rate R") == true)
    }

    @Test func queueEdits() {
        #expect(parse("add http://x/a.mp4") == .add("http://x/a.mp4", at: nil))
        #expect(parse("add /m/b.mp4 at 2") == .add("/m/b.mp4", at: 2))
        #expect(error("add /m/b.mp4 at 0")?.hasSuffix("usage: add URL|FILE [at N]") == true)
        #expect(parse("remove 3") == .remove(3))
        #expect(error("remove x") == "remove needs a position from `queue`, counting from 1; usage: remove N")
        #expect(parse("clear") == .clear)
    }

    @Test func optionsAndSessionCommands() {
        #expect(parse("get") == .get(nil))
        #expect(parse("get volume") == .get("volume"))
        #expect(parse("set display-mode 1280x720") == .set("display-mode", "1280x720"))
        #expect(error("set volume")?.hasSuffix("usage: set NAME VALUE") == true)
        #expect(parse("log debug") == .log("debug"))
        #expect(error("log loud") == "unknown log level; usage: log trace|debug|info|notice|warning|error|critical")
        #expect(parse("events on") == .events(true))
        #expect(parse("json") == .format(.json))
        #expect(parse("help seek") == .help("seek"))
        #expect(parse("route HDMI") == .route("HDMI"))
        #expect(parse("interruption begin duck 0.2") == .beginInterruption(duck: 0.2))
        #expect(parse("interruption end keep-paused") == .endInterruption(shouldResume: false))
    }

    @Test func unknownAndExtraWordsAreOneLineErrors() {
        #expect(error("dance") == "unknown command 'dance'; `help` lists the commands")
        #expect(error("") == "empty command; `help` lists the commands")
        #expect(error("play now") == "play takes no argument; usage: play")
    }

    @Test func everyCommandHasUsageAndHelp() {
        for e in CommandGrammar.entries {
            #expect(e.usage.hasPrefix(e.name))
            #expect(!e.help.isEmpty)
        }
    }
}
