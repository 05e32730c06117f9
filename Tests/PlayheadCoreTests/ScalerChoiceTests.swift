import Testing
import PlayheadCore

/// The scaler choice against fake drivers whose TEST_ONLY rejects what the real ones reject.
@Suite struct ScalerChoiceTests {
    /// A plane's atomic check, reduced to the rules that decide scaling.
    struct FakeDriver {
        var scales = true
        /// Largest shrink factor, as a ratio source/destination (e.g. 2: at most halving).
        var maxDownscale = 8
        /// Many display engines' primary planes must cover the whole CRTC.
        var primaryCoversCRTC = false
        var screen = PixelSize(width: 1024, height: 768)
        private(set) var tests = 0

        mutating func test(_ source: PixelSize, _ destination: PixelRect) -> PlaneTestResult {
            tests += 1
            let einval = PlaneTestResult.refused(code: 22, description: "Invalid argument")
            let erange = PlaneTestResult.refused(code: 34, description: "Numerical result out of range")
            let scaled = source.width != destination.width || source.height != destination.height
            if scaled && !scales { return einval }
            if source.width > destination.width * maxDownscale || source.height > destination.height * maxDownscale { return erange }
            if primaryCoversCRTC && destination != PixelRect(size: screen) { return einval }
            return .accepted
        }
    }

    let screen = PixelSize(width: 1024, height: 768)

    @Test func vkmsLikeDriverRefusesSoSoftwareScalesAndSaysWhy() {
        var vkms = FakeDriver(scales: false)
        let layout = PictureLayout.place(PixelSize(width: 1280, height: 720), on: screen, gravity: .resizeAspect)
        let choice = ScalerChoice.decide(layout: layout) { vkms.test($0, $1) }
        guard case .software(let reason) = choice else { Issue.record("expected software, got \(choice)"); return }
        #expect(reason.contains("1280x720 onto 1024x576") && reason.hasSuffix(" (Invalid argument, errno 22)"))
        #expect(vkms.tests == 1)
    }

    @Test func scalingPlaneTakesOddSizesWithTheLayoutsRectangles() {
        var driver = FakeDriver()
        let layout = PictureLayout.place(PixelSize(width: 1918, height: 1078), on: screen, gravity: .resizeAspect)
        let choice = ScalerChoice.decide(layout: layout) { driver.test($0, $1) }
        #expect(choice == .plane(source: PixelSize(width: 1918, height: 1078),
                                 destination: PixelRect(x: 0, y: 96, width: 1024, height: 576)))
    }

    @Test func tooMuchShrinkingFallsBackToSoftware() {
        var driver = FakeDriver(maxDownscale: 2)
        let layout = PictureLayout.place(PixelSize(width: 3840, height: 2160), on: PixelSize(width: 640, height: 480), gravity: .resizeAspect)
        #expect(ScalerChoice.decide(layout: layout) { driver.test($0, $1) }.isSoftware)
        let fits = PictureLayout.place(PixelSize(width: 1280, height: 720), on: PixelSize(width: 640, height: 480), gravity: .resizeAspect)
        #expect(!ScalerChoice.decide(layout: fits) { driver.test($0, $1) }.isSoftware)
    }

    @Test func primaryThatMustCoverTheCRTCScalesOnlyWithoutBars() {
        var driver = FakeDriver(primaryCoversCRTC: true)
        let content = PixelSize(width: 1280, height: 720)
        let letterboxed = PictureLayout.place(content, on: screen, gravity: .resizeAspect)
        #expect(ScalerChoice.decide(layout: letterboxed) { driver.test($0, $1) }.isSoftware)
        let filled = PictureLayout.place(content, on: screen, gravity: .resizeAspectFill)
        // Fill crops the source to the screen's shape (960x720) and covers the whole screen.
        #expect(ScalerChoice.decide(layout: filled) { driver.test($0, $1) }
                == .plane(source: PixelSize(width: 960, height: 720), destination: PixelRect(size: screen)))
    }

    @Test func samePictureAndScreenSizeNeedsNoTest() {
        var driver = FakeDriver()
        let layout = PictureLayout.place(screen, on: screen, gravity: .resizeAspect)
        #expect(ScalerChoice.decide(layout: layout) { driver.test($0, $1) } == .none)
        #expect(driver.tests == 0)
    }
}

extension ScalerChoice {
    var isSoftware: Bool { if case .software = self { return true } else { return false } }
}
