import Testing
@testable import PlayheadCore

@Suite struct LayerSpecTests {
    @Test func aFullLineIsRead() throws {
        let spec = try LayerSpec.parse(name: "left", "source=/data/left.m3u frame=0,180,960x540 z=2 gravity=fill volume=40 mute=no group=kiosk").get()
        #expect(spec.source == "/data/left.m3u")
        #expect(spec.frame == .rect(PixelRect(x: 0, y: 180, width: 960, height: 540)))
        #expect(spec.z == 2)
        #expect(spec.gravity == .resizeAspectFill)
        #expect(spec.volume == 0.4)
        #expect(spec.muted == false)
        #expect(spec.group == "kiosk")
        #expect(spec.visible)
    }

    @Test func aSourceAloneIsAFullScreenLayerThatFits() throws {
        let spec = try LayerSpec.parse(name: "bg", "source=\"/data/loop folder\"").get()
        #expect(spec.source == "/data/loop folder")
        #expect(spec.frame == .full)
        #expect(spec.gravity == .resizeAspect)
        #expect(spec.z == nil && spec.muted == nil && spec.group == nil)
    }

    @Test(arguments: [
        ("frame=1,2", "frame: '1,2' is not full or X,Y,WxH"),
        ("frame=0,0,0x10", "frame: '0,0,0x10' is not full"),
        ("frame=-5,0,10x10", "frame: '-5,0,10x10' is not full"),
        ("z=high", "z: 'high' is not a whole number"),
        ("gravity=zoom", "gravity: 'zoom' is not fit, fill or stretch"),
        ("volume=101", "volume: '101' is not 0 to 100"),
        ("mute=maybe", "mute: 'maybe' is not yes or no"),
        ("group=9lives", "group: '9lives' is not a name"),
        ("pace=2", "unknown key 'pace'"),
    ])
    func eachBadWordIsNamed(word: String, message: String) {
        guard case .failure(let e) = LayerSpec.parse(name: "x", "source=a.m3u \(word)") else {
            Issue.record("'\(word)' was taken")
            return
        }
        #expect(e.message.hasPrefix(message), "\(e.message)")
    }

    @Test func aLayerNeedsASourceAndAName() {
        guard case .failure(let e) = LayerSpec.parse(name: "x", "z=1") else { return #expect(Bool(false)) }
        #expect(e.message.hasPrefix("no source="))
        guard case .failure(let n) = LayerSpec.parse(name: "left/../x", "source=a") else { return #expect(Bool(false)) }
        #expect(n.message.contains("is not a name"))
    }

    @Test func aFrameIsCutToTheScreen() {
        let screen = PixelSize(width: 1920, height: 1080)
        #expect(LayerFrame.full.rect(on: screen) == PixelRect(size: screen))
        #expect(LayerFrame(parsing: "1800,1000,400x300")!.rect(on: screen) == PixelRect(x: 1800, y: 1000, width: 120, height: 80))
        #expect(LayerFrame(parsing: "2000,0,10x10")!.rect(on: screen).isEmpty)
    }

    @Test func anImageIsAnOverlayThatIsNeverHeard() throws {
        let logo = try LayerSpec.parse(name: "logo", "image=/data/logo.png frame=1700,40,160x80").get()
        #expect(logo.isOverlay)
        #expect(logo.source == "/data/logo.png")
        #expect(logo.muted == true)
        #expect(try !LayerSpec.parse(name: "bg", "source=/data/a.mp4").get().isOverlay)
        // The first line is heard unless it is an overlay.
        let layout = try ScreenLayout.resolve([(logo, 1), (try LayerSpec.parse(name: "bg", "source=a.mp4").get(), 2)], defaultSource: nil).get()
        #expect(layout.layers.map(\.heard) == [false, true])
    }

    @Test func anOverlayHasOneImageAndNoSound() {
        guard case .failure(let both) = LayerSpec.parse(name: "x", "source=a.mp4 image=b.png") else { return #expect(Bool(false)) }
        #expect(both.message.hasPrefix("image: a layer takes one of source=, image=, text=, clock=, ticker=, title= or subtitles="), "\(both.message)")
        guard case .failure(let heard) = LayerSpec.parse(name: "x", "image=b.png mute=no") else { return #expect(Bool(false)) }
        #expect(heard.message.hasPrefix("mute=no: an overlay (image=, text=, clock=, ticker=, title=, subtitles=) has no sound"), "\(heard.message)")
        guard case .failure(let empty) = LayerSpec.parse(name: "x", "image=") else { return #expect(Bool(false)) }
        #expect(empty.message.hasPrefix("image: give a picture file"), "\(empty.message)")
    }

    @Test func aTitleLayerNamesAMediaLayer() throws {
        let spec = try LayerSpec.parse(name: "caption", "title=left frame=0,400,640x80").get()
        #expect(spec.content == .title("left"))
        #expect(spec.isOverlay)
        guard case .failure(let bad) = LayerSpec.parse(name: "caption", "title=../x") else { return #expect(Bool(false)) }
        #expect(bad.message == "title: give the name of the layer whose item's title it shows")
        let left = try LayerSpec.parse(name: "left", "source=a.mp4").get()
        let logo = try LayerSpec.parse(name: "logo", "image=logo.png").get()
        guard case .success = ScreenLayout.resolve([(left, 1), (spec, 2)], defaultSource: nil) else { return #expect(Bool(false)) }
        let onLogo = try LayerSpec.parse(name: "caption", "title=logo").get()
        guard case .failure(let e) = ScreenLayout.resolve([(left, 1), (logo, 2), (onLogo, 3)], defaultSource: nil) else {
            return #expect(Bool(false))
        }
        #expect(e.message == "layer caption: title=logo names no layer that plays media; give a source= layer's name")
    }

    @Test func aSubtitleLayerNamesAMediaLayerAndKeepsAMargin() throws {
        let spec = try LayerSpec.parse(name: "subs", "subtitles=main").get()
        #expect(spec.content == .subtitles("main"))
        #expect(spec.isOverlay)
        #expect(spec.style.margin == 5)
        #expect(try LayerSpec.parse(name: "subs", "subtitles=main margin=0").get().style.margin == 0)
        guard case .failure(let wide) = LayerSpec.parse(name: "subs", "subtitles=main margin=30") else { return #expect(Bool(false)) }
        #expect(wide.message == "margin: '30' is not 0 to 25 percent")
        guard case .failure(let bad) = LayerSpec.parse(name: "subs", "subtitles=") else { return #expect(Bool(false)) }
        #expect(bad.message == "subtitles: give the name of the layer whose item's subtitles it shows")
        let logo = try LayerSpec.parse(name: "logo", "image=logo.png").get()
        guard case .failure(let e) = ScreenLayout.resolve([(try LayerSpec.parse(name: "main", "source=a.mkv").get(), 1), (logo, 2),
                                                           (try LayerSpec.parse(name: "subs", "subtitles=logo").get(), 3)], defaultSource: nil) else {
            return #expect(Bool(false))
        }
        #expect(e.message == "layer subs: subtitles=logo names no layer that plays media; give a source= layer's name")
    }

    @Test func textKeysAreReadAndTheirErrorsNamed() throws {
        let spec = try LayerSpec.parse(name: "clock", "clock=%H:%M size=48 color=FFD040 background=00000080 font=/f.ttf").get()
        #expect(spec.style.size == 48)
        #expect(spec.style.color == TextStyle.Color(r: 0xFF, g: 0xD0, b: 0x40))
        #expect(spec.style.background == TextStyle.Color(r: 0, g: 0, b: 0, a: 0x80))
        #expect(spec.style.font == "/f.ttf")
        let errors = [("size=5", "size: '5' is not 6 to 1000 pixels"), ("size=big", "size: 'big' is not 6 to 1000 pixels"),
                      ("color=FFD04", "color: 'FFD04' is not RRGGBB or RRGGBBAA"),
                      ("background=GG000000", "background: 'GG000000' is not RRGGBB or RRGGBBAA"),
                      ("font=", "font: give a TrueType or OpenType file"),
                      ("speed=5", "speed: '5' is not 10 to 2000 pixels a second")]
        for (word, message) in errors {
            guard case .failure(let e) = LayerSpec.parse(name: "t", "text=hi \(word)") else {
                Issue.record("\(word) was taken")
                continue
            }
            #expect(e.message == message)
        }
    }

    @Test func aTickerNamesItsFileAndItsSpeed() throws {
        let spec = try LayerSpec.parse(name: "news", "ticker=/data/news.txt frame=0,420,640x60 speed=90").get()
        #expect(spec.content == .ticker("/data/news.txt"))
        #expect(spec.style.speed == 90)
        #expect(spec.isOverlay && spec.muted == true)
        #expect(try LayerSpec.parse(name: "news", "ticker=n.txt").get().style.speed == 120)
        guard case .failure(let empty) = LayerSpec.parse(name: "news", "ticker=") else { return #expect(Bool(false)) }
        #expect(empty.message == "ticker: give a text file")
    }

    /// A layer with a card of its own is heard there, not in the mix, unless it says mute=yes.
    @Test func aCardOfItsOwnIsReadAndMakesTheLayerHeard() throws {
        let bg = try LayerSpec.parse(name: "bg", "source=a.mp4").get()
        let right = try LayerSpec.parse(name: "right", "source=b.mp4 card=hw:Loopback,0,1").get()
        let quiet = try LayerSpec.parse(name: "quiet", "source=c.mp4 card=hw:1,0 mute=yes").get()
        #expect(right.card == "hw:Loopback,0,1")
        let layout = try ScreenLayout.resolve([(bg, 1), (right, 2), (quiet, 3)], defaultSource: nil).get()
        #expect(layout.layers.map(\.heard) == [true, true, false])
        guard case .failure(let bad) = LayerSpec.parse(name: "x", "source=a.mp4 card=hw:1;reboot") else { return #expect(Bool(false)) }
        #expect(bad.message == "card: 'hw:1;reboot' is not an ALSA device (hw:1,0, plughw:Loopback,0,1)")
        guard case .failure(let overlay) = LayerSpec.parse(name: "x", "image=a.png card=hw:1,0") else { return #expect(Bool(false)) }
        #expect(overlay.message == "card=: an overlay (image=, text=, clock=, ticker=, title=, subtitles=) has no sound")
    }
}
