import Testing
import PlayheadCore

/// Direct YUV scan-out: where the planes lie in a buffer, which colours a stream asks for, and
/// when the choice falls back to conversion (and says why).
@Suite struct DirectScanoutTests {
    let screen = PixelSize(width: 1024, height: 768)
    let yuvPlane: [FourCC] = [.xrgb8888, .argb8888, .nv12, .yuv420]

    @Test func yuv420PlanesFollowTheLumaRowsAtHalfThePitch() throws {
        let layout = try #require(YUVPlaneLayout(format: .yuv420, picture: PixelSize(width: 320, height: 240), pitch: 384))
        #expect(layout.planes.map(\.offset) == [0, 384 * 240, 384 * 240 + 192 * 120])
        #expect(layout.planes.map(\.pitch) == [384, 192, 192])
        #expect(layout.planes.map(\.rows) == [240, 120, 120])
        #expect(layout.planes.map(\.rowBytes) == [320, 160, 160])
        #expect(layout.byteCount == 384 * 240 * 3 / 2)
        #expect(YUVPlaneLayout.allocation(format: .yuv420, picture: PixelSize(width: 320, height: 240)) == PixelSize(width: 320, height: 360))
    }

    @Test func nv12HasOneInterleavedChromaPlane() throws {
        let layout = try #require(YUVPlaneLayout(format: .nv12, picture: PixelSize(width: 640, height: 360), pitch: 640))
        #expect(layout.planes.map(\.offset) == [0, 640 * 360])
        #expect(layout.planes.map(\.pitch) == [640, 640])
        #expect(layout.planes.map(\.rows) == [360, 180])
    }

    @Test func oddPicturesGetAPaddingPairAndTooSmallPitchesAreRefused() throws {
        let layout = try #require(YUVPlaneLayout(format: .yuv420, picture: PixelSize(width: 321, height: 241), pitch: 322))
        #expect(layout.size == PixelSize(width: 322, height: 242))
        #expect(layout.planes[1].rows == 121)
        #expect(YUVPlaneLayout(format: .yuv420, picture: PixelSize(width: 321, height: 241), pitch: 320) == nil)
        #expect(YUVPlaneLayout(format: .xrgb8888, picture: PixelSize(width: 2, height: 2), pitch: 8) == nil)
    }

    @Test func colorimetryFollowsTheStreamAndGuessesByHeight() {
        #expect(YUVColorimetry.from(colorSpace: "bt709", range: "tv", pixelFormat: "yuv420p", height: 240)
                == YUVColorimetry(encoding: .bt709, range: .limited))
        #expect(YUVColorimetry.from(colorSpace: "smpte170m", range: "pc", pixelFormat: "yuv420p", height: 1080)
                == YUVColorimetry(encoding: .bt601, range: .full))
        #expect(YUVColorimetry.from(colorSpace: "unknown", range: "unknown", pixelFormat: "yuv420p", height: 720).encoding == .bt709)
        #expect(YUVColorimetry.from(colorSpace: "unknown", range: "unknown", pixelFormat: "yuv420p", height: 576).encoding == .bt601)
        #expect(YUVColorimetry.from(colorSpace: "unknown", range: "unknown", pixelFormat: "yuvj420p", height: 480).range == .full)
        #expect(YUVColorimetry.from(colorSpace: "bt2020nc", range: "tv", pixelFormat: "yuv420p", height: 2160).encoding.drmName
                == "ITU-R BT.2020 YCbCr")
        #expect(YUVColorimetry.Range.limited.drmName == "YCbCr limited range")
    }

    func decide(_ pixelFormat: String, picture: PixelSize = PixelSize(width: 1024, height: 768), rotation: PictureRotation = .none,
                colorimetry: YUVColorimetry = YUVColorimetry(encoding: .bt709, range: .limited),
                planeFormats: [FourCC]? = nil, planeRotations: Set<PictureRotation> = [], colorProperties: Bool = true,
                accept: (ScanoutChoice.Trial) -> PlaneTestResult = { _ in .accepted }) -> ScanoutChoice {
        let layout = PictureLayout.place(rotation.upright(picture), on: screen, gravity: .resizeAspect)
        return ScanoutChoice.decide(pixelFormat: pixelFormat, picture: picture, rotation: rotation, colorimetry: colorimetry,
                                    layout: layout, planeFormats: planeFormats ?? yuvPlane, planeRotations: planeRotations,
                                    colorProperties: colorProperties, test: accept)
    }

    @Test func aPlaneThatTakesTheDecodersFormatGetsThePictureAsItIs() {
        var trials: [ScanoutChoice.Trial] = []
        let choice = decide("yuv420p") { trials.append($0); return .accepted }
        #expect(choice == .direct(format: .yuv420, colorimetry: YUVColorimetry(encoding: .bt709, range: .limited),
                                  source: PixelRect(size: screen), destination: PixelRect(size: screen), rotation: .none))
        #expect(trials.count == 1)
        #expect(trials.first?.format == .yuv420)
        #expect(decide("nv12").isDirect)
        #expect(choice.description.contains("direct YU12 scan-out (BT.709, limited range)"))
    }

    @Test func everyReasonToConvertIsSaid() {
        #expect(decide("yuv422p") == .converted(reason: "the decoder gives yuv422p, which no scan-out format holds as it is"))
        #expect(decide("yuv420p", planeFormats: [.xrgb8888]) == .converted(reason: "the plane takes no YU12"))
        #expect(decide("yuv420p", rotation: .clockwise90, planeRotations: [.upsideDown])
                == .converted(reason: "the plane cannot turn the picture 90 degrees (no rotate-270 rotation), so it is turned in software"))
        #expect(!decide("yuv420p", colorProperties: false).isDirect)
        // A driver without the properties converts as BT.601 limited: right for such a stream.
        #expect(decide("yuv420p", colorimetry: YUVColorimetry(encoding: .bt601, range: .limited), colorProperties: false).isDirect)
    }

    /// A phone's portrait clip (stored 480x360, turned 90 degrees clockwise) on a 640x480
    /// screen: the plane is asked to show the stored picture's whole rectangle, turned, on the
    /// upright 360x480 place in the middle.
    @Test func aPlaneWithTheTurnTurnsThePictureItself() {
        let screen = PixelSize(width: 640, height: 480), stored = PixelSize(width: 480, height: 360)
        let layout = PictureLayout.place(PictureRotation.clockwise90.upright(stored), on: screen, gravity: .resizeAspect)
        var trials: [ScanoutChoice.Trial] = []
        let choice = ScanoutChoice.decide(pixelFormat: "yuv420p", picture: stored, rotation: .clockwise90,
                                          colorimetry: YUVColorimetry(encoding: .bt601, range: .limited), layout: layout,
                                          planeFormats: yuvPlane, planeRotations: Set(PictureRotation.allCases),
                                          colorProperties: true) { trials.append($0); return .accepted }
        let place = PixelRect(x: 140, y: 0, width: 360, height: 480)
        #expect(choice == .direct(format: .yuv420, colorimetry: YUVColorimetry(encoding: .bt601, range: .limited),
                                  source: PixelRect(size: stored), destination: place, rotation: .clockwise90))
        #expect(trials.map(\.rotation) == [.clockwise90])
        #expect(choice.description == "direct YU12 scan-out (BT.601, limited range), 480x360 unscaled, turned 90 degrees by the plane")
    }

    /// On a screen mounted upside down the plane turns every picture; a portrait clip (stored
    /// turned 270 degrees) on a screen mounted a quarter turn the other way needs no turn at
    /// all, even from a plane without the property.
    @Test func aTurnedScreenAddsItsTurnToThePictures() {
        let screen = PixelSize(width: 640, height: 480)
        let bt601 = YUVColorimetry(encoding: .bt601, range: .limited)
        let upsideDown = ScanoutChoice.decide(pixelFormat: "yuv420p", picture: screen, rotation: .none, screenTurn: .upsideDown,
                                              colorimetry: bt601, layout: PictureLayout.place(screen, on: screen, gravity: .resizeAspect),
                                              planeFormats: yuvPlane, planeRotations: [.upsideDown], colorProperties: true) { _ in .accepted }
        #expect(upsideDown == .direct(format: .yuv420, colorimetry: bt601, source: PixelRect(size: screen),
                                      destination: PixelRect(size: screen), rotation: .upsideDown))
        let stored = PixelSize(width: 480, height: 360)
        let evened = ScanoutChoice.decide(pixelFormat: "yuv420p", picture: stored, rotation: .clockwise270, screenTurn: .clockwise90,
                                          colorimetry: bt601, layout: PictureLayout(source: PixelRect(size: PixelSize(width: 360, height: 480)),
                                                                                    destination: PixelRect(x: 80, y: 60, width: 480, height: 360)),
                                          planeFormats: yuvPlane, planeRotations: [], colorProperties: true) { _ in .accepted }
        #expect(evened == .direct(format: .yuv420, colorimetry: bt601, source: PixelRect(size: stored),
                                  destination: PixelRect(x: 80, y: 60, width: 480, height: 360), rotation: .none))
    }

    /// Cropped (fill gravity), the plane's source is the stored part that becomes the upright
    /// crop, not the upright rectangle itself.
    @Test func aCroppedTurnedPictureAsksForTheStoredPart() {
        let screen = PixelSize(width: 100, height: 100), stored = PixelSize(width: 200, height: 100)
        let layout = PictureLayout.place(PictureRotation.clockwise90.upright(stored), on: screen, gravity: .resizeAspectFill)
        let choice = ScanoutChoice.decide(pixelFormat: "nv12", picture: stored, rotation: .clockwise90,
                                          colorimetry: YUVColorimetry(encoding: .bt601, range: .limited), layout: layout,
                                          planeFormats: yuvPlane, planeRotations: [.clockwise90], colorProperties: true) { _ in .accepted }
        // Upright 100x200, cropped to its middle 100x100 (rows 50..<150): stored columns 50..<150.
        #expect(layout.source == PixelRect(x: 0, y: 50, width: 100, height: 100))
        #expect(choice == .direct(format: .nv12, colorimetry: YUVColorimetry(encoding: .bt601, range: .limited),
                                  source: PixelRect(x: 50, y: 0, width: 100, height: 100), destination: PixelRect(size: screen),
                                  rotation: .clockwise90))
    }

    /// vkms cannot scale: a 320x240 picture on a 1024x768 screen is refused and converted.
    @Test func aRefusedTestOnlyCommitFallsBackWithTheDriversErrno() {
        let vkms = { (trial: ScanoutChoice.Trial) -> PlaneTestResult in
            trial.source.size == trial.destination.size ? .accepted : .refused(code: 22, description: "Invalid argument")
        }
        let choice = decide("yuv420p", picture: PixelSize(width: 320, height: 240), accept: vkms)
        #expect(choice == .converted(reason: "the plane refused YU12 320x240 onto 1024x768 at 0,0 (Invalid argument, errno 22)"))
        #expect(decide("yuv420p", picture: PixelSize(width: 1024, height: 768), accept: vkms).isDirect)
    }
}
