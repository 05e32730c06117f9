import PlayheadCore
import Testing

/// Each kind of typed key reads its declared default when nothing is given, and the typed value
/// an options file gives.
@Suite struct OptionKeyTests {
    enum Ending: String, Sendable, CaseIterable { case exit, wait }

    static let loop = OptionKey.flag("loop", default: false, group: "g", help: "h")
    static let syslog = OptionKey.flag("syslog", default: true, group: "g", help: "h")
    static let buffer = OptionKey.integer("buffer-ms", 10...2000, default: 50, group: "g", help: "h")
    static let volume = OptionKey.number("volume", 0...1, default: 1, group: "g", help: "h")
    static let start = OptionKey.number("start", 0...1e9, group: "g", help: "h")
    static let slate = OptionKey.text("slate", placeholder: "FILE", default: "/usr/share/slate.mp4", group: "g", help: "h")
    static let socket = OptionKey.text("socket", placeholder: "PATH", group: "g", help: "h")
    static let events = OptionKey.choice("events", ["jsonl", "text", "none"], default: "text", group: "g", help: "h")
    static let atEnd = OptionKey.choice("at-end", default: Ending.exit, group: "g", help: "h")
    static let button = OptionKey.text("button.*", placeholder: "SPEC", group: "g", help: "h")

    let catalog = OptionCatalog([[
        loop.declaration, syslog.declaration, buffer.declaration, volume.declaration, start.declaration, slate.declaration,
        socket.declaration, events.declaration, atEnd.declaration, button.declaration,
    ]])

    @Test func nothingGivenReadsTheDeclaredDefaults() {
        let settings = Settings(catalog: catalog)
        #expect(settings[Self.loop] == false)
        #expect(settings[Self.syslog] == true)
        #expect(settings[Self.buffer] == 50)
        #expect(settings[Self.volume] == 1)
        #expect(settings[Self.start] == nil)
        #expect(settings[Self.slate] == "/usr/share/slate.mp4")
        #expect(settings[Self.socket] == nil)
        #expect(settings[Self.events] == "text")
        #expect(settings[Self.atEnd] == .exit)
        #expect(settings.members(of: Self.button).isEmpty)
    }

    @Test func anOptionsFileGivesTypedValues() throws {
        let text = """
        loop = yes
        syslog = no
        buffer-ms = 120
        volume = 0.25
        start = 90
        slate = /data/slate.mp4
        socket = /run/p.sock
        events = JSONL
        at-end = Wait
        button.play = line=5
        button.next = line=6
        """
        let settings = Settings(catalog: catalog, file: try OptionsFile.parse(text, path: "p.conf", catalog: catalog).get())
        #expect(settings[Self.loop] == true)
        #expect(settings[Self.syslog] == false)
        #expect(settings[Self.buffer] == 120)
        #expect(settings[Self.volume] == 0.25)
        #expect(settings[Self.start] == 90)
        #expect(settings[Self.slate] == "/data/slate.mp4")
        #expect(settings[Self.socket] == "/run/p.sock")
        #expect(settings[Self.events] == "jsonl")
        #expect(settings[Self.atEnd] == .wait)
        #expect(settings.members(of: Self.button).map { "\($0.name)=\($0.value ?? "")" } == ["button.next=line=6", "button.play=line=5"])
    }

    @Test func theHigherLayerWinsThroughTheKeyToo() throws {
        let file = try OptionsFile.parse("volume = 0.5\n", path: "p.conf", catalog: catalog).get()
        #expect(Settings(catalog: catalog, file: file)[Self.volume] == 0.5)
        #expect(Settings(catalog: catalog, file: file, commandLine: ["volume": .number(0.75)])[Self.volume] == 0.75)
    }

    /// A part's options read on their own, with a catalog that does not hold them (a test's
    /// small one), come out as their declared defaults rather than as nothing.
    @Test func aKeyMissingFromTheCatalogReadsItsOwnDefault() {
        let settings = Settings(catalog: OptionCatalog([[Self.loop.declaration]]))
        #expect(settings[Self.buffer] == 50)
        #expect(settings[Self.atEnd] == .exit)
    }

    /// A part that still declares bare `OptionDeclaration`s is read the same through a key
    /// made from the declaration.
    @Test func aKeyMadeFromABareDeclarationReadsTheSame() throws {
        let bare: [OptionDeclaration] = [
            .init("screenshot-keep", .integer(1...1000), default: .integer(10), group: "display", help: "k"),
            .init("screenshot", .text(placeholder: "FILE.png"), group: "display", help: "s"),
            .init("video-gravity", .choice(["resize", "resizeAspect"]), default: .text("resizeAspect"), group: "display", help: "g"),
        ]
        let keep = OptionKey<Int>(declared: bare[0])
        let screenshot = OptionKey<String?>(declared: bare[1])
        let gravity = OptionKey<String>(declared: bare[2])
        let catalog = OptionCatalog([bare])
        let empty = Settings(catalog: catalog)
        #expect(empty[keep] == 10 && empty[screenshot] == nil && empty[gravity] == "resizeAspect")
        let file = try OptionsFile.parse("screenshot-keep = 3\nscreenshot = /tmp/s.png\nvideo-gravity = RESIZE\n", path: "p", catalog: catalog).get()
        let given = Settings(catalog: catalog, file: file)
        #expect(given[keep] == 3 && given[screenshot] == "/tmp/s.png" && given[gravity] == "resize")
    }
}
