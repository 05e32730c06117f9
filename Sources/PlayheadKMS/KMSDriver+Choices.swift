import PlayheadCore
import PlayheadSys

extension KMSDriver {
    /// The plane scales and turns the picture when the driver says it can (TEST_ONLY), else
    /// libswscale scales and the picture is turned in software; asked again only when the
    /// picture's layout, size or turn changes, and said once each time.
    func scalerChoice(for picture: any VideoPicture, layout: PictureLayout) -> ScalerChoice {
        let key = ScanoutKey(layout: layout, pixelFormat: "", colorimetry: picture.colorimetry, rotation: picture.rotation, size: picture.size)
        if let scaler, scaler.key == key { return scaler.choice }
        let turn = picture.rotation.then(screenTurn)
        var choice: ScalerChoice?
        if turn != .none && plane.turns.contains(turn) {
            let stored = picture.rotation.storedRect(for: layout.source, stored: picture.size).size
            let turned = ScalerChoice.decideTurned(layout: layout, storedSource: stored, turn: turn) {
                PlaneTestResult(testPlaneScaling(source: $0, destination: $1, rotation: $2)?.errno)
            }
            switch turned {
            case .plane: choice = turned
            case .software(let reason): Log.info("display: the picture is turned in software: \(reason)")
            case .none: break
            }
        }
        let chosen = choice ?? (screenTurn != .none
            ? ScalerChoice.software(reason: "the screen is turned \(screenTurn.rawValue) degrees (--display-rotate), which is done in software")
            : ScalerChoice.decide(layout: layout) { PlaneTestResult(testPlaneScaling(source: $0, destination: $1)?.errno) })
        scaler = (key, chosen)
        scalerText.withLock { $0 = chosen.description }
        Log.info("display: \(layout.source.width)x\(layout.source.height) onto \(layout.destination.width)x\(layout.destination.height) by \(chosen)")
        return chosen
    }

    /// What a change of picture format, colours or layout asks of the plane: direct YUV when
    /// the driver takes it (TEST_ONLY), else conversion; asked again only on a change, and said
    /// once each time.
    func scanoutChoice(for picture: any VideoPicture, layout: PictureLayout) -> ScanoutChoice {
        let key = ScanoutKey(layout: layout, pixelFormat: picture.pixelFormatName, colorimetry: picture.colorimetry,
                             rotation: picture.rotation, size: picture.size)
        if let scanout, scanout.key == key { return scanout.choice }
        let choice = ScanoutChoice.decide(pixelFormat: key.pixelFormat, picture: key.size, rotation: key.rotation,
                                          screenTurn: screenTurn, colorimetry: key.colorimetry, layout: layout, planeFormats: planeFormats,
                                          planeRotations: plane.turns, colorProperties: plane.color != nil) {
            PlaneTestResult(testDirect($0)?.errno)
        }
        scanout = (key, choice)
        if choice.isDirect {
            scaler = nil
            scalerText.withLock { $0 = choice.description }
        }
        Log.info("display: \(key.size) \(key.pixelFormat) by \(choice)")
        return choice
    }

    /// Asks the driver, with a TEST_ONLY commit, whether the plane shows a `source`-sized
    /// picture on `destination`, turned by `rotation` (scaling it where the sizes differ).
    /// Makes the picture-sized buffers it would use first (the test needs a real framebuffer
    /// of that size).
    func testPlaneScaling(source: PixelSize, destination: PixelRect, rotation: PictureRotation = .none) -> AtomicCommitError? {
        do throws(PlaybackError) { try buffers.makeContent(source) } catch { return .refused(.noMemory) }
        let values = plane.values(framebuffer: buffers.content[0].framebuffer, crtc: screen.plan.crtc.id, source: PixelRect(size: source),
                                  destination: destination, rotation: rotation)
        return screen.card.commit(values, .testOnly)
    }

    /// Asks the driver, with a TEST_ONLY commit, whether the plane shows a YUV picture as
    /// `trial` says. Makes the picture-sized buffers it would use first; a refusal frees them.
    func testDirect(_ trial: ScanoutChoice.Trial) -> AtomicCommitError? {
        do throws(PlaybackError) { try buffers.makeDirect(trial.format, picture: trial.picture) } catch { return .refused(.noMemory) }
        let values = plane.values(framebuffer: buffers.direct[0].framebuffer, crtc: screen.plan.crtc.id, source: trial.source,
                                  destination: trial.destination, rotation: trial.rotation)
        let error = screen.card.commit(values + plane.colorValues(trial.colorimetry), .testOnly)
        if error != nil { buffers.retireDirect() }
        return error
    }
}
