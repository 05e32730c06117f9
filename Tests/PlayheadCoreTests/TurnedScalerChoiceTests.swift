import Testing
import PlayheadCore

/// The scaler choice for a picture the plane turns, against fake drivers with a `rotation`
/// property: vkms on Linux 7.x turns but never scales; others do both; some turn nothing.
@Suite struct TurnedScalerChoiceTests {
    struct FakeDriver {
        var scales: Bool
        var turns: Set<PictureRotation>
        private(set) var asked: [PixelSize] = []

        mutating func test(_ source: PixelSize, _ destination: PixelRect, _ rotation: PictureRotation) -> PlaneTestResult {
            asked.append(source)
            if !turns.contains(rotation) { return .refused(code: 22, description: "Invalid argument") }
            if rotation.upright(source) != destination.size && !scales { return .refused(code: 34, description: "Numerical result out of range") }
            return .accepted
        }
    }

    /// rotated90.mp4: stored 320x240, upright 240x320, fitted into 640x480 as 360x480 at 140,0.
    let stored = PixelSize(width: 320, height: 240)
    var layout: PictureLayout {
        PictureLayout.place(PixelSize(width: 240, height: 320), on: PixelSize(width: 640, height: 480), gravity: .resizeAspect)
    }

    @Test func aPlaneThatTurnsButCannotScaleGetsThePictureScaledAsStored() {
        var vkms = FakeDriver(scales: false, turns: [.none, .clockwise90, .upsideDown, .clockwise270])
        let choice = ScalerChoice.decideTurned(layout: layout, storedSource: stored, turn: .clockwise90) { vkms.test($0, $1, $2) }
        #expect(choice == .plane(source: PixelSize(width: 480, height: 360), destination: PixelRect(x: 140, y: 0, width: 360, height: 480),
                                 rotation: .clockwise90))
        #expect(vkms.asked == [stored, PixelSize(width: 480, height: 360)])
        #expect(choice.description == "libswscale into 480x360 as stored, turned 90 degrees by the plane")
    }

    @Test func aPlaneThatTurnsAndScalesTakesThePictureAsStored() {
        var driver = FakeDriver(scales: true, turns: [.none, .clockwise270])
        let choice = ScalerChoice.decideTurned(layout: layout, storedSource: stored, turn: .clockwise270) { driver.test($0, $1, $2) }
        #expect(choice == .plane(source: stored, destination: PixelRect(x: 140, y: 0, width: 360, height: 480), rotation: .clockwise270))
        #expect(driver.asked == [stored])
        #expect(choice.description.contains("as stored onto 360x480), turned 270 degrees by the plane"))
    }

    @Test func aRefusedTurnIsSaidWithTheErrno() {
        var driver = FakeDriver(scales: true, turns: [.none])
        let choice = ScalerChoice.decideTurned(layout: layout, storedSource: stored, turn: .upsideDown) { driver.test($0, $1, $2) }
        guard case .software(let reason) = choice else { Issue.record("expected software, got \(choice)"); return }
        #expect(reason == "the plane refused to turn 360x480 180 degrees onto 360x480 at 140,0 (Invalid argument, errno 22)")
    }
}
