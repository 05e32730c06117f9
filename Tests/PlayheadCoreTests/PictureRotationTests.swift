import Testing
import PlayheadCore

@Suite struct PictureRotationTests {
    @Test func degreesRoundToQuarterTurns() {
        #expect(PictureRotation(clockwiseDegrees: 90) == .clockwise90)
        #expect(PictureRotation(clockwiseDegrees: -90) == .clockwise270)
        #expect(PictureRotation(clockwiseDegrees: 179.9) == .upsideDown)
        #expect(PictureRotation(clockwiseDegrees: 450) == .clockwise90)
        #expect(PictureRotation(clockwiseDegrees: .nan) == .none)
    }

    /// DRM turns counter-clockwise: a picture to be turned 90 degrees clockwise needs the
    /// plane's "rotate-270", and each name reads back as the turn it makes.
    @Test func planeRotationNamesCountTheOtherWay() {
        #expect(PictureRotation.allCases.map(\.drmName) == ["rotate-0", "rotate-270", "rotate-180", "rotate-90"])
        for r in PictureRotation.allCases { #expect(PictureRotation(drmName: r.drmName) == r) }
        #expect(PictureRotation(drmName: "reflect-x") == nil)
        #expect(PictureRotation(drmName: "rotate-45") == nil)
    }

    @Test func turnsAddUpAndUndo() {
        #expect(PictureRotation.clockwise270.then(.upsideDown) == .clockwise90)
        #expect(PictureRotation.clockwise90.then(.clockwise270) == PictureRotation.none)
        for r in PictureRotation.allCases { #expect(r.then(r.inverse) == PictureRotation.none) }
    }

    /// uprightRect undoes storedRect, and agrees with uprightPoint at the rectangle's corners.
    @Test(arguments: PictureRotation.allCases)
    func uprightRectanglesUndoStoredOnes(_ r: PictureRotation) {
        let stored = PixelSize(width: 7, height: 5)
        let rect = PixelRect(x: 1, y: 2, width: 3, height: 2)
        let upright = r.uprightRect(for: rect, stored: stored)
        #expect(r.storedRect(for: upright, stored: stored) == rect)
        let corner = r.uprightPoint(x: rect.x, y: rect.y, stored: stored)
        #expect(corner.x >= upright.x && corner.x < upright.x + upright.width
                && corner.y >= upright.y && corner.y < upright.y + upright.height)
    }

    /// storedRect and uprightPoint must agree: every stored pixel of the mapped rectangle lands
    /// inside the upright rectangle, for every rotation, on an odd-sized picture.
    @Test(arguments: PictureRotation.allCases)
    func rectanglesAndPointsAgree(_ r: PictureRotation) {
        let stored = PixelSize(width: 7, height: 5)
        let upright = r.upright(stored)
        let rect = PixelRect(x: 1, y: 2, width: 3, height: 2)
        #expect(rect.x + rect.width <= upright.width && rect.y + rect.height <= upright.height)
        let source = r.storedRect(for: rect, stored: stored)
        #expect(source.width * source.height == rect.width * rect.height)
        var landed = Set<Int>()
        for y in source.y..<(source.y + source.height) {
            for x in source.x..<(source.x + source.width) {
                let p = r.uprightPoint(x: x, y: y, stored: stored)
                #expect(p.x >= rect.x && p.x < rect.x + rect.width && p.y >= rect.y && p.y < rect.y + rect.height, "\(r): (\(x),\(y)) -> \(p)")
                landed.insert(p.y * 100 + p.x)
            }
        }
        #expect(landed.count == rect.width * rect.height)
    }
}
