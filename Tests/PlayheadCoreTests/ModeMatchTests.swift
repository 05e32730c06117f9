import Testing
import PlayheadCore

/// `--display-mode match`: the mode that fits the content's rate and size, at the first item
/// and, when allowed, at each item after it.
@Suite struct ModeMatchTests {
    let modes = [
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60000, isPreferred: true),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 50000),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 24000),
        DisplayMode(width: 1280, height: 720, refreshMillihertz: 60000),
        DisplayMode(width: 1280, height: 720, refreshMillihertz: 50000),
        DisplayMode(width: 640, height: 480, refreshMillihertz: 60000),
    ]

    func match(_ rate: Int?, _ w: Int, _ h: Int) throws -> DisplayMode {
        try ModeChooser.choose(.matchContent, from: modes, contentFrameRate: rate, contentSize: PixelSize(width: w, height: h)).get()
    }

    @Test func theContentsOwnSizeWinsWhenItsRefreshFits() throws {
        #expect(try match(25000, 1280, 720) == modes[4])
        #expect(try match(30000, 1280, 720) == modes[3])
        #expect(try match(30000, 640, 480) == modes[5])
    }

    @Test func aFittingRefreshComesBeforeAFittingSize() throws {
        // 24p at 720: no 720p mode runs at 24 or 48 Hz, the preferred size does.
        #expect(try match(24000, 1280, 720) == modes[2])
        // 25p at 640x480: only 60 Hz at that size, 50 Hz at the preferred one.
        #expect(try match(25000, 640, 480) == modes[1])
    }

    @Test func sizesNotOfferedAndUnknownRatesFallBack() throws {
        #expect(try match(25000, 320, 240) == modes[1])
        #expect(try match(nil, 1280, 720) == modes[3])
        #expect(try match(nil, 320, 240) == modes[0])
    }

    @Test func theModeFollowsEachItemOnlyWhenAllowed() {
        var fixed = DisplayHotplug(connector: "HDMI-A-1", request: .matchContent, mode: modes[1], contentFrameRate: 25000,
                                   contentSize: PixelSize(width: 1920, height: 1080))
        #expect(fixed.contentChanged(frameRate: 30000, size: PixelSize(width: 1280, height: 720), modes: modes, switching: false) == nil)
        #expect(fixed.mode == modes[1])

        var following = DisplayHotplug(connector: "HDMI-A-1", request: .matchContent, mode: modes[1], contentFrameRate: 25000,
                                       contentSize: PixelSize(width: 1920, height: 1080))
        // The same content again: nothing to do.
        #expect(following.contentChanged(frameRate: 25000, size: PixelSize(width: 1920, height: 1080), modes: modes, switching: true) == nil)
        let next = following.contentChanged(frameRate: 30000, size: PixelSize(width: 1280, height: 720), modes: modes, switching: true)
        #expect(next == .show(modes[3], "display: mode \(modes[3]) (was \(modes[1])) for 1280x720 at 30 fps"))
        #expect(following.mode == modes[3])
        // A request that is not `match` never moves.
        var sized = DisplayHotplug(connector: "HDMI-A-1", request: .preferred, mode: modes[0])
        #expect(sized.contentChanged(frameRate: 24000, size: PixelSize(width: 1920, height: 1080), modes: modes, switching: true) == nil)
    }
}
