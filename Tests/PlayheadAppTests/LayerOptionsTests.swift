import PlayheadCore
@testable import PlayheadApp
import Testing

/// `layer.*` lines read from the options file into the screen's layout, in the file's order.
@Suite struct LayerOptionsTests {
    let catalog = AppOptions.catalog

    private func settings(_ text: String) throws -> Settings { try settingsFromOptions(text) }

    @Test func noLayerLineIsNoLayout() throws {
        #expect(try LayerOptions.layout(settings("volume = 0.5\n")).get() == nil)
    }

    @Test func layersKeepTheFilesOrderAndTheFirstIsTheMainOne() throws {
        let s = try settings("""
            layer.zz = source=/data/bg.mp4
            layer.aa = source=/data/left.mp4 frame=0,0,320x240
            layer.mm = source=/data/right.mp4 frame=320,240,320x240
            """)
        let layout = try #require(try LayerOptions.layout(s).get())
        // Name order would be aa, mm, zz: the file's order wins.
        #expect(layout.layers.map(\.spec.name) == ["zz", "aa", "mm"])
        #expect(layout.layers.map(\.heard) == [true, false, false])
        #expect(LayerOptions.mainIndex(layout) == 0)
    }

    @Test func aMutedFirstLineLeavesTheMainOneToTheFirstHeard() throws {
        let s = try settings("""
            layer.bg = source=/data/bg.mp4 mute=yes
            layer.top = source=/data/top.mp4 frame=0,0,100x100 mute=no
            """)
        let layout = try #require(try LayerOptions.layout(s).get())
        #expect(LayerOptions.mainIndex(layout) == 1)
    }

    @Test func aBadLayerLineIsRefusedWhenTheFileIsRead() {
        let result = OptionsFile.parse("layer.bg = frame=0,0,10x10\n", path: "p.conf", catalog: catalog)
        guard case .failure(let e) = result else {
            Issue.record("a layer without a source was taken")
            return
        }
        #expect(e.description.contains("no source="))
    }

    @Test func aLonePlayerAskingForSubtitlesGetsTheirLayerAboveIt() throws {
        // audio-languages chooses the forced subtitles in the sound's language.
        for asked in ["subtitle-languages = fr\n", "captions = yes\n", "audio-languages = fr\n"] {
            let layout = try #require(LayerOptions.subtitlesForLonePlayer(settings("video-output = drm\n" + asked)), "\(asked)")
            #expect(layout.layers.map(\.spec.name) == ["main", "subtitles"])
            #expect(layout.layers[1].spec.content == .subtitles("main"))
            #expect(LayerOptions.mainIndex(layout) == 0)
        }
        // Not asked, not on a screen, or the layers are the file's to say.
        #expect(LayerOptions.subtitlesForLonePlayer(try settings("video-output = drm\nvolume = 0.5\n")) == nil)
        #expect(LayerOptions.subtitlesForLonePlayer(try settings("video-output = null\nsubtitle-languages = fr\n")) == nil)
        #expect(LayerOptions.subtitlesForLonePlayer(try settings("video-output = drm\nsubtitle-languages = fr\nlayer.bg = source=/data/bg.mp4\n")) == nil)
    }
}
