import PlayheadCore
import Testing

@Suite struct OptionsTests {
    static let volume = OptionKey.number("volume", 0...1, default: 1, live: true, group: "player", help: "v")
    static let loop = OptionKey.flag("loop", default: false, live: true, group: "player", help: "l")
    static let displayMode = OptionKey.text("display-mode", placeholder: "MODE", default: "preferred", group: "display", help: "m")
    static let bufferMs = OptionKey.integer("audio-buffer-ms", 10...2000, default: 50, group: "sound", help: "b")
    static let gravity = OptionKey.choice("video-gravity", ["resize", "resizeAspect"], default: "resizeAspect", group: "display", help: "g")
    let catalog = OptionCatalog([[
        volume.declaration, loop.declaration, displayMode.declaration, bufferMs.declaration, gravity.declaration,
    ]])

    @Test func fileLinesParseWithCommentsBOMAndCRLF() throws {
        let text = "\u{FEFF}# a board\r\nvolume = 0.5\r\n\r\n  loop=yes  \r\nvideo-gravity = RESIZE\ndisplay-mode = \"1280x720@60\"\n"
        let file = try OptionsFile.parse(text, path: "/etc/p.conf", catalog: catalog).get()
        #expect(file.values["volume"] == .number(0.5))
        #expect(file.values["loop"] == .flag(true))
        #expect(file.values["video-gravity"] == .text("resize"))
        #expect(file.values["display-mode"] == .text("1280x720@60"))
        #expect(file.lines["loop"] == 4)
    }

    @Test func badLinesNameFileLineKeyAndWhatIsAllowed() {
        let text = "volume = 1.5\nvolum = 1\nloop = maybe\njust words\naudio-buffer-ms = 5\n"
        guard case .failure(let errors) = OptionsFile.parse(text, path: "p.conf", catalog: catalog) else {
            Issue.record("a bad file parsed")
            return
        }
        #expect(errors.errors.map(\.description) == [
            "p.conf:1: volume: '1.5' is not allowed; use a number from 0 to 1",
            "p.conf:2: unknown option 'volum'; did you mean volume?",
            "p.conf:3: loop: 'maybe' is not allowed; use yes or no",
            "p.conf:4: 'just words' is not `name = value`",
            "p.conf:5: audio-buffer-ms: '5' is not allowed; use a whole number from 10 to 2000",
        ])
        #expect(errors.description == "p.conf:1: volume: '1.5' is not allowed; use a number from 0 to 1 (and 4 more bad lines)")
    }

    @Test func commandLineWinsOverTheFileAndSetWinsOverBoth() throws {
        let file = try OptionsFile.parse("volume = 0.5\nloop = yes\n", path: "p.conf", catalog: catalog).get()
        let cli = try CommandLineOptions.parse(["--volume", "0.25", "a.mp4", "--no-loop", "--display-mode=match", "b.mp4"],
                                               catalog: catalog).get()
        #expect(cli.items == ["a.mp4", "b.mp4"])
        var settings = Settings(catalog: catalog, file: file, commandLine: cli.values)
        #expect(settings[Self.volume] == 0.25)
        #expect(settings[Self.loop] == false)
        #expect(settings[Self.displayMode] == "match")
        #expect(settings[Self.bufferMs] == 50)
        #expect(settings.lookup("volume")?.1 == .commandLine)
        #expect(try settings.set("volume", "0.75").get() == .number(0.75))
        #expect(settings[Self.volume] == 0.75)
        #expect(settings.lookup("volume")?.1 == .console)
    }

    @Test func setRefusesOptionsThatCannotChangeWhilePlaying() {
        var settings = Settings(catalog: catalog)
        guard case .failure(let e) = settings.set("display-mode", "640x480") else {
            Issue.record("a fixed option was set")
            return
        }
        #expect(e.message == "display-mode cannot change while playing; put it in the options file and restart playhead")
        guard case .failure(let bad) = settings.set("volume", "loud") else {
            Issue.record("a bad value was set")
            return
        }
        #expect(bad.message == "volume: 'loud' is not allowed; use a number from 0 to 1")
    }

    @Test func reloadReportsWhatChangedAndDropsConsoleChanges() throws {
        var settings = Settings(catalog: catalog, file: try OptionsFile.parse("volume = 0.5\n", path: "p", catalog: catalog).get())
        _ = settings.set("loop", "yes")
        let changed = settings.replaceFile(try OptionsFile.parse("volume = 0.5\naudio-buffer-ms = 100\n", path: "p", catalog: catalog).get())
        #expect(Set(changed) == ["loop", "audio-buffer-ms"])
        #expect(settings[Self.loop] == false)
    }

    @Test func commandLineErrorsNameTheFlag() {
        guard case .failure(let e) = CommandLineOptions.parse(["--audio-buffer-ms"], catalog: catalog) else {
            Issue.record("a missing value parsed")
            return
        }
        #expect(e.description == "--audio-buffer-ms: needs a value: a whole number from 10 to 2000")
        guard case .failure(let u) = CommandLineOptions.parse(["--loops"], catalog: catalog) else {
            Issue.record("an unknown flag parsed")
            return
        }
        #expect(u.description == "--loops: unknown option 'loops'; did you mean loop?")
    }

    @Test func helpListsEveryOptionWithItsDefault() {
        let help = CommandLineOptions.help(catalog)
        for d in catalog.declarations { #expect(help.contains("--\(d.name)")) }
        #expect(help.contains("(default: 50)"))
        #expect(help.contains("[live]"))
    }
}
