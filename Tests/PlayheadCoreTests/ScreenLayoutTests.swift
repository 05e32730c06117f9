import Testing
@testable import PlayheadCore

@Suite struct ScreenLayoutTests {
    func spec(_ name: String, _ words: String) -> LayerSpec { try! LayerSpec.parse(name: name, "source=\(name).m3u " + words).get() }

    @Test func noLayerLinesIsOneFullScreenLayerOfTheQueue() throws {
        let layout = try ScreenLayout.resolve([], defaultSource: "/data/playlist.m3u").get()
        #expect(layout.layers.map(\.spec.name) == ["main"])
        #expect(layout.layers[0].spec.source == "/data/playlist.m3u" && layout.layers[0].heard)
        #expect(try ScreenLayout.resolve([], defaultSource: nil).get().layers.isEmpty)
    }

    @Test func theKioskIsDrawnInTheFilesOrderAndOnlyTheFirstIsHeard() throws {
        let layout = try ScreenLayout.resolve([
            (spec("right", "frame=960,0,960x540 group=kiosk"), 12),
            (spec("bg", ""), 10),
            (spec("left", "frame=0,0,960x540 group=kiosk"), 11),
        ], defaultSource: nil).get()
        #expect(layout.layers.map(\.spec.name) == ["bg", "left", "right"])
        #expect(layout.layers.map(\.z) == [0, 1, 2])
        #expect(layout.layers.map(\.heard) == [true, false, false])
    }

    @Test func aGivenZOrdersAndMuteDecidesWhoIsHeard() throws {
        let layout = try ScreenLayout.resolve([
            (spec("logo", "z=50"), 1),
            (spec("clip", "mute=no"), 2),
            (spec("bg", "z=-1 mute=yes"), 3),
        ], defaultSource: nil).get()
        #expect(layout.layers.map(\.spec.name) == ["bg", "logo", "clip"])
        #expect(layout.layers.map(\.z) == [-1, 50, 51])
        #expect(layout.layers.map(\.heard) == [false, true, true])
        #expect(layout.layer(named: "clip")?.z == 51)
    }

    @Test func aGroupOfOneIsRefused() {
        guard case .failure(let e) = ScreenLayout.resolve([(spec("a", "group=pair"), 1), (spec("b", ""), 2)], defaultSource: nil) else {
            return #expect(Bool(false))
        }
        #expect(e.message == "group pair has one layer; a group keeps two or more in step")
    }
}
