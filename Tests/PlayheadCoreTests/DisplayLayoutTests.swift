import Testing
import PlayheadCore

/// Gravity rectangles, mode choice and plane format choice: the display decisions that must be
/// right before any pixel reaches a plane.
@Suite struct DisplayLayoutTests {
    let screen = PixelSize(width: 1024, height: 768)

    @Test func aspectFitLetterboxesOddSizesSymmetrically() {
        let layout = PictureLayout.place(PixelSize(width: 1918, height: 1078), on: screen, gravity: .resizeAspect)
        #expect(layout.source == PixelRect(x: 0, y: 0, width: 1918, height: 1078))
        // 1078 * 1024 / 1918 = 575.5: rounds to 576, bars of 96 above and below.
        #expect(layout.destination == PixelRect(x: 0, y: 96, width: 1024, height: 576))
    }

    @Test func aspectFitPillarboxesTallPictures() {
        let layout = PictureLayout.place(PixelSize(width: 480, height: 640), on: screen, gravity: .resizeAspect)
        #expect(layout.destination == PixelRect(x: 224, y: 0, width: 576, height: 768))
    }

    @Test func aspectFillCropsTheSource() {
        let layout = PictureLayout.place(PixelSize(width: 1920, height: 1080), on: screen, gravity: .resizeAspectFill)
        #expect(layout.destination == PixelRect(size: screen))
        // The source keeps the screen's 4:3: 1440x1080 from the middle.
        #expect(layout.source == PixelRect(x: 240, y: 0, width: 1440, height: 1080))
    }

    @Test func resizeStretches() {
        let layout = PictureLayout.place(PixelSize(width: 1918, height: 1078), on: screen, gravity: .resize)
        #expect(layout.destination == PixelRect(size: screen))
        #expect(layout.source == PixelRect(x: 0, y: 0, width: 1918, height: 1078))
    }

    @Test func layoutsStayInsideTheScreenForAnySize() {
        for w in stride(from: 1, through: 4000, by: 97) {
            for h in stride(from: 1, through: 3000, by: 89) {
                for gravity in VideoGravity.allCases {
                    let l = PictureLayout.place(PixelSize(width: w, height: h), on: screen, gravity: gravity)
                    #expect(l.destination.x >= 0 && l.destination.y >= 0)
                    #expect(l.destination.x + l.destination.width <= screen.width)
                    #expect(l.destination.y + l.destination.height <= screen.height)
                    #expect(l.source.x + l.source.width <= w && l.source.y + l.source.height <= h)
                    #expect(!l.destination.isEmpty && !l.source.isEmpty)
                    // Bars (or crops) differ by at most one pixel between the two sides.
                    let right = screen.width - l.destination.x - l.destination.width
                    #expect(abs(right - l.destination.x) <= 1)
                }
            }
        }
    }

    let modes = [
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60000, isPreferred: true),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 59940),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 50000),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 48000),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 24000),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 23976),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60000, isInterlaced: true),
        DisplayMode(width: 1280, height: 720, refreshMillihertz: 60000),
        DisplayMode(width: 640, height: 480, refreshMillihertz: 60000),
    ]

    @Test func modeRequestsParse() {
        #expect(ModeRequest(parsing: "preferred") == .preferred)
        #expect(ModeRequest(parsing: "match") == .matchContent)
        #expect(ModeRequest(parsing: "1280x720") == .size(width: 1280, height: 720, refreshMillihertz: nil))
        #expect(ModeRequest(parsing: "1920x1080@59.94") == .size(width: 1920, height: 1080, refreshMillihertz: 59940))
        for bad in ["", "1280", "x720", "1280x", "0x720", "1280x720@", "1280x720@abc", "-5x3"] {
            #expect(ModeRequest(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func modesAreChosenAsAsked() throws {
        #expect(try ModeChooser.choose(.preferred, from: modes).get() == modes[0])
        #expect(try ModeChooser.choose(.size(width: 640, height: 480, refreshMillihertz: nil), from: modes).get() == modes[8])
        #expect(try ModeChooser.choose(.size(width: 1920, height: 1080, refreshMillihertz: 59940), from: modes).get() == modes[1])
        #expect(try ModeChooser.choose(.size(width: 1920, height: 1080, refreshMillihertz: 50000), from: modes).get() == modes[2])
        guard case .failure(.noSuchMode) = ModeChooser.choose(.size(width: 800, height: 600, refreshMillihertz: nil), from: modes) else {
            Issue.record("800x600 is not offered")
            return
        }
        guard case .failure(.noModes) = ModeChooser.choose(.preferred, from: []) else {
            Issue.record("no modes at all")
            return
        }
    }

    @Test func contentRateFindsAFittingRefresh() throws {
        // 24p on 24 Hz, 23.976 on 23.976, 25p on 50 Hz, 30p on 60 Hz; 29.97 on 59.94.
        #expect(try ModeChooser.choose(.matchContent, from: modes, contentFrameRate: 24000).get().refreshMillihertz == 24000)
        #expect(try ModeChooser.choose(.matchContent, from: modes, contentFrameRate: 23976).get().refreshMillihertz == 23976)
        #expect(try ModeChooser.choose(.matchContent, from: modes, contentFrameRate: 25000).get().refreshMillihertz == 50000)
        #expect(try ModeChooser.choose(.matchContent, from: modes, contentFrameRate: 30000).get().refreshMillihertz == 60000)
        #expect(try ModeChooser.choose(.matchContent, from: modes, contentFrameRate: 29970).get().refreshMillihertz == 59940)
        // Nothing fits 15.5 fps well: the preferred mode.
        #expect(try ModeChooser.choose(.matchContent, from: modes, contentFrameRate: 15500).get() == modes[0])
    }

    @Test func planeFormatsAreTheBestRGB() {
        let vkmsPrimary = ["XR24", "XR48", "RG16"].compactMap(FourCC.init)
        let overlay = ["AR24", "XR24", "XR48", "AR48", "RG16"].compactMap(FourCC.init)
        let rpiPlane = ["AR24", "NV12", "YU12", "RG16"].compactMap(FourCC.init)
        #expect(PlaneFormatChoice.choose(planeFormats: vkmsPrimary) == .convert(to: .xrgb8888))
        #expect(PlaneFormatChoice.choose(planeFormats: overlay) == .convert(to: .xrgb8888))
        // A plane that takes YUV as well: still converted (no direct scan-out), to its best RGB.
        #expect(PlaneFormatChoice.choose(planeFormats: rpiPlane) == .convert(to: .argb8888))
        #expect(PlaneFormatChoice.choose(planeFormats: [.rgb565]) == .convert(to: .rgb565))
        #expect(PlaneFormatChoice.choose(planeFormats: [FourCC("C8  ")!]) == nil)
        #expect(FourCC.xrgb8888.description == "XR24" && FourCC.xrgb8888.rawValue == 0x3432_5258)
    }
}
