import Playhead
@testable import PlayheadApp
import PlayheadTestSupport
import Testing

@Suite struct CommandRouterTests {
    let player = FakePlayerControl()
    let levels = SharedValue<[String]>([])
    let fileText = SharedValue("volume = 0.5\n")
    let router: CommandRouter
    let session = ControlSession(name: "test", format: .text) { _ in }

    init() {
        let catalog = AppOptions.catalog
        let file = try! OptionsFile.parse("volume = 0.5\n", path: "p.conf", catalog: catalog).get()
        let levels = self.levels, fileText = self.fileText
        router = CommandRouter(player: player, playlist: Playlist([("a.mp4", nil), ("b.mp4", "Bee"), ("c.mp4", nil)]),
                               settings: Settings(catalog: catalog, file: file), hooks: RouterHooks(
            readOptionsFile: { OptionsFile.parse(fileText.get, path: "p.conf", catalog: catalog).map { Optional($0) } },
            setLogLevel: { l in levels.update { $0.append(l) } },
            now: { 5_000_000_000 }, version: "9.9"))
        router.start()
    }

    func say(_ line: String) -> String { router.handle(line: line, from: session) }

    @Test func transportCommandsReachThePlayer() {
        #expect(say("play") == "ok")
        #expect(say("toggle") == "ok")
        #expect(say("toggle") == "ok")
        #expect(say("rate 2") == "ok")
        #expect(player.calls == ["queue a.mp4,b.mp4,c.mp4", "play", "pause", "play", "rate 2.0"])
    }

    @Test func aRateOrStepTheItemRefusesIsAnErrorAndChangesNothing() {
        #expect(say("step") == "ok" && say("step -3") == "ok")
        #expect(player.isPaused)
        #expect(say("step 0").hasPrefix("error: step needs a whole number of pictures other than 0"))
        #expect(say("step one").hasPrefix("error: step needs a whole number"))
        player.s.withLock { $0.refusal = "rate 2 is refused: a live stream plays only at its own pace" }
        #expect(say("rate 2") == "error: rate 2 is refused: a live stream plays only at its own pace")
        #expect(player.calls == ["queue a.mp4,b.mp4,c.mp4", "step 1", "step -3"])
    }

    @Test func tracksAreListedAndChosenByLanguageNumberOrOff() {
        #expect(say("tracks") == "error: \(CommandRouter.noTracks)")
        func track(_ id: Int, _ type: MediaType, _ language: String) -> TrackInfo {
            TrackInfo(trackID: id, mediaType: type, codec: type == .audio ? "aac" : "subrip", language: language)
        }
        let info = MediaInfo(tracks: [track(1, .audio, "eng"), track(2, .audio, "fre"), track(3, .subtitle, "ger")],
                             duration: .zero, isSeekable: true, isLocal: true, formatName: "matroska")
        let beside = SubtitleFilesBeside.options(mediaName: "film.mkv", folder: "/media", names: ["film.it.srt"])
        let groups = SubtitleFilesBeside.adding(beside, to: MediaSelectionGroup.groups(of: info))
        player.s.withLock { $0.groups = groups; $0.selection.audible = groups[0].options[0] }
        let listed = say("tracks")
        #expect(listed.contains("fr") && listed.contains("de") && listed.contains("selected"), "\(listed)")
        // A file beside the media is named (its name only), a track of the file is not.
        #expect(listed.contains("file: film.it.srt") && !listed.contains("/media"), "\(listed)")
        #expect(say("track audio fr").hasPrefix("audio"))
        #expect(say("track subtitles deu").hasPrefix("subtitles"))
        #expect(say("track subtitles off") == "subtitles: off")
        #expect(say("track audio ja") == "error: no audio in 'ja'; this item has en, fr")
        #expect(say("track audio off") == "error: sound cannot be off; use mute")
        #expect(say("track audio 7").hasPrefix("error: track 7 is not one of the audio tracks (1, 2)"))
        #expect(player.calls == ["queue a.mp4,b.mp4,c.mp4", "select audio 2", "select subtitles 3", "select subtitles off"])
    }

    @Test func muteTogglesAndDebugCommandsAreOffUnlessAskedFor() {
        #expect(say("mute toggle") == "ok" && player.isMuted)
        #expect(say("mute toggle") == "ok" && !player.isMuted)
        #expect(say("debug wedge 5") == "error: debug commands are off; start playhead with --debug-commands (for tests only)")
        #expect(say("debug wedge forever").hasPrefix("error: debug takes `wedge` and 1 to 600 seconds"))
        #expect(say("gpio").hasPrefix("no GPIO buttons or light are mapped"))
    }

    @Test func seekRelativeIsFromNowAndNeverPastTheEnd() {
        #expect(say("seek +10") == "seek: 15\nexact: yes")
        #expect(say("seek -20 fast") == "seek: 0\nexact: no")
        #expect(say("seek 100") == "error: 100 s is past the end (60 s); usage: seek [+|-]SECONDS [exact|fast]")
        #expect(player.calls.suffix(2) == ["seek 15.0 exact", "seek 0.0 fast"])
    }

    @Test func volumeChangesAreClamped() {
        player.volume = 0.98
        #expect(say("volume +0.05") == "volume: 1")
        #expect(say("volume -0.5") == "volume: 0.5")
        #expect(player.volume == 0.5)
        #expect(say("get volume").hasPrefix("name: volume\nvalue: 0.5\nfrom: set"))
    }

    @Test func queueListsMarksAndEdits() {
        #expect(say("queue") == """
            n=1 current=yes location=a.mp4
            n=2 current=no location=b.mp4 title=Bee
            n=3 current=no location=c.mp4
            """)
        #expect(say("add d.mp4 at 2") == "added: d.mp4\nn: 2")
        // The current item stays first, so it goes on playing.
        #expect(player.queue == ["a.mp4", "d.mp4", "b.mp4", "c.mp4"])
        #expect(say("remove 1") == "ok")
        #expect(player.queue == ["d.mp4", "b.mp4", "c.mp4"])
        #expect(say("remove 9") == "error: there is no item 9 (the queue has 3); usage: remove N")
        #expect(say("clear") == "ok")
        #expect(player.queue.isEmpty)
        #expect(router.queueEmptiedOnPurpose)
        #expect(say("add e.mp4") == "added: e.mp4\nn: 1")
        #expect(player.queue == ["e.mp4"])
        #expect(!router.queueEmptiedOnPurpose)
    }

    @Test func previousGoesBackEarlyAndRestartsLate() {
        player.advance()
        #expect(say("previous") == "ok")
        #expect(player.queue == ["b.mp4", "c.mp4"])
        player.s.withLock { $0.time = 1 }
        #expect(say("previous") == "ok")
        #expect(player.queue == ["a.mp4", "b.mp4", "c.mp4"])
    }

    @Test func stopGoesBackToTheFirstItemAndSaysStopped() {
        player.advance()
        #expect(say("stop") == "ok")
        #expect(player.queue == ["a.mp4", "b.mp4", "c.mp4"])
        #expect(router.perform(.status).statusField("state") == .string("stopped"))
        _ = say("play")
        #expect(router.perform(.status).statusField("state") == .string("playing"))
    }

    @Test func statusHasWhatAServicePersonNeeds() {
        guard case .ok(let s) = router.perform(.status) else {
            Issue.record("status failed")
            return
        }
        let names: [String]
        if case .object(let fields) = s { names = fields.map(\.name) } else { names = [] }
        for wanted in ["state", "item", "position", "time", "duration", "rate", "volume", "muted", "route", "display",
                       "dropped", "late", "underruns", "stalls", "uptime"] {
            #expect(names.contains(wanted), "status has no \(wanted)")
        }
        #expect(s["item"] == .string("a.mp4"))
        #expect(s["position"] == .string("1/3"))
        #expect(s["display"] == .string("640x480@60"))
        #expect(s["route"] == .string("Loopback PCM"))
        #expect(s["tile"] == nil && s["crop"] == nil)
    }

    @Test func statusNamesTheWallsTileWhenOneIsSet() {
        player.s.withLock { $0.window = .tile(DisplayTile(columns: 2, rows: 1, column: 1, row: 0, bezel: 8)!) }
        #expect(router.perform(.status).statusField("tile") == .string("2x1:1,0 bezel 8"))
        player.s.withLock { $0.window = .crop(PictureCrop(PixelRect(x: 320, y: 0, width: 640, height: 360))!) }
        #expect(router.perform(.status).statusField("crop") == .string("640x360+320+0"))
    }

    @Test func routesAreListedAndChosenByCardOrName() {
        #expect(say("route") == "name=Loopback PCM card=Loopback device=hw:Loopback,0,0 current=yes\nname=Dummy PCM card=Dummy device=hw:Dummy,0,0 current=no")
        #expect(say("route dummy") == "route: Dummy PCM\ndevice: hw:Dummy,0,0")
        #expect(say("route HDMI") == "error: no sound route 'HDMI'; there are: Loopback, Dummy; usage: route [NAME]")
    }

    @Test func getAndSetGoThroughTheDeclarations() {
        #expect(say("get volume").hasPrefix("name: volume\nvalue: 0.5\nfrom: p.conf:1\nlive: yes"))
        #expect(say("set volume 0.25") == "volume: 0.25")
        #expect(player.volume == 0.25)
        #expect(say("set volume 3") == "error: volume: '3' is not allowed; use a number from 0 to 1; usage: set NAME VALUE")
        #expect(say("set display-mode 640x480").hasPrefix("error: display-mode cannot change while playing"))
        #expect(say("set log-level debug") == "log-level: debug")
        #expect(say("log warning") == "ok")
        #expect(levels.get == ["debug", "warning"])
    }

    @Test func reloadAppliesAGoodFileAndKeepsTheOldOneOnABadOne() {
        fileText.set("volume = 0.2\nloop = maybe\n")
        #expect(say("reload") == "error: the options file was not applied, the old one stays: p.conf:2: loop: 'maybe' is not allowed; use yes or no")
        #expect(router.settings[PlayerOptions.volume] == 0.5)
        fileText.set("volume = 0.2\naudio-buffer-ms = 80\n")
        #expect(say("reload") == "reloaded: p.conf\napplied:\n  volume\nat-next-start:\n  audio-buffer-ms")
        #expect(player.volume == 0.2)
    }

    @Test func jsonModeAnswersOneLine() {
        #expect(say("json") == #"{"ok":true,"reply":null}"#)
        #expect(say("version") == #"{"ok":true,"reply":{"version":"9.9"}}"#)
        #expect(say("bogus") == #"{"ok":false,"error":"unknown command 'bogus'; `help` lists the commands"}"#)
        #expect(say("text") == "ok")
    }

    @Test func helpListsEveryCommandAndOneCommandsUsage() {
        let all = say("help")
        for e in CommandGrammar.entries { #expect(all.contains(e.usage)) }
        #expect(say("help seek") == "usage: seek [+|-]SECONDS [exact|fast]\nhelp: seek to a time, or by an amount with + or -; exact (default) or fast (nearest key frame)")
        #expect(say("help fly") == "error: unknown command 'fly'; `help` lists the commands")
    }

    @Test func eventsReachOnlyFollowingSessionsWithinABudget() {
        let seen = SharedValue<[String]>([])
        let follower = ControlSession(name: "f", format: .json) { line in seen.update { $0.append(line) } }
        router.register(follower)
        let event = PlayerEvent(.playbackStalled, item: nil, time: .zero)
        router.publish(event, text: "stalled", json: "{\"event\":\"playbackStalled\"}")
        #expect(seen.get.isEmpty)
        _ = router.handle(line: "events on", from: follower)
        for _ in 0..<30 { router.publish(event, text: "stalled", json: "{\"event\":\"playbackStalled\"}") }
        #expect(seen.get.count == 20)
        router.unregister(follower)
    }
}

extension Reply {
    func statusField(_ name: String) -> ReplyValue? {
        if case .ok(let v) = self { return v[name] }
        return nil
    }
}
