import PlayheadCore
import SystemPackage
import Testing
@testable import PlayheadKMS

/// A TEST_ONLY commit's errno reaches the scaler's and the scan-out's reasons in Errno's
/// words, with the number kept.
@Suite struct PlaneTestResultTests {
    @Test func aRefusalIsInErrnosWords() {
        #expect(PlaneTestResult(nil) == .accepted)
        #expect(PlaneTestResult(Errno.invalidArgument) == .refused(code: 22, description: Errno.invalidArgument.description))
        #expect(PlaneTestResult(Errno.invalidArgument).description == "Invalid argument, errno 22")
        #expect(PlaneTestResult(Errno.outOfRange).description == "Numerical result out of range, errno 34")
    }

    @Test func theReasonsSayTheDriversRefusal() {
        let screen = PixelSize(width: 1024, height: 768)
        let layout = PictureLayout.place(PixelSize(width: 1280, height: 720), on: screen, gravity: .resizeAspect)
        let scaler = ScalerChoice.decide(layout: layout) { _, _ in PlaneTestResult(Errno.invalidArgument) }
        #expect(scaler == .software(reason: "the plane refused 1280x720 onto 1024x576 at 0,96 (Invalid argument, errno 22)"))
        let scanout = ScanoutChoice.decide(pixelFormat: "yuv420p", picture: PixelSize(width: 1280, height: 720), rotation: .none,
                                           colorimetry: YUVColorimetry(encoding: .bt709, range: .limited), layout: layout,
                                           planeFormats: [.yuv420], planeRotations: [], colorProperties: true) { _ in
            PlaneTestResult(Errno.outOfRange)
        }
        #expect(scanout == .converted(reason: "the plane refused YU12 1280x720 onto 1024x576 at 0,96 (Numerical result out of range, errno 34)"))
    }
}
