/// Who resizes the picture for the screen. A plane's own scaler costs nothing; libswscale costs
/// most of a small board's CPU at 720p. The plane is used only when the driver accepts the exact
/// rectangles in an atomic TEST_ONLY commit: drivers differ (no scaling at all, limits on the
/// factor, a primary plane that must cover the whole CRTC), and only the driver knows.
public enum ScalerChoice: Sendable, Hashable, CustomStringConvertible {
    /// The picture is already the size it is shown at: converted, not scaled.
    case none
    /// Drawn into a buffer of `source` size; the plane shows it on `destination`, scaling it
    /// where the sizes differ, and turning it by `rotation` (the picture is then drawn as
    /// stored, scaled by libswscale only when the plane cannot scale).
    case plane(source: PixelSize, destination: PixelRect, rotation: PictureRotation = .none)
    /// Scaled by libswscale into a screen-sized buffer, because the plane refused.
    case software(reason: String)

    /// Decides for `layout` on `screen`. `test` makes the TEST_ONLY commit of a plane showing a
    /// buffer of the given size on the given rectangle and says what the driver answered.
    public static func decide(layout: PictureLayout, test: (PixelSize, PixelRect) -> PlaneTestResult) -> ScalerChoice {
        let source = PixelSize(width: layout.source.width, height: layout.source.height)
        let destination = layout.destination
        if source.width == destination.width && source.height == destination.height { return .none }
        guard !destination.isEmpty, source.width > 0, source.height > 0 else {
            return .software(reason: "nothing to show")
        }
        let answer = test(source, destination)
        if answer == .accepted { return .plane(source: source, destination: destination) }
        return .software(reason: "the plane refused \(source.width)x\(source.height) onto \(destination.width)x\(destination.height) at \(destination.x),\(destination.y) (\(answer))")
    }

    /// For a picture shown turned by `turn` (its own rotation, then the screen's) on a plane
    /// whose `rotation` property offers that turn: the picture goes into the buffer as stored
    /// (`storedSource` is the size of its part shown) and the plane turns it, so no software
    /// turn is needed. The plane scales as well when the driver takes it; otherwise libswscale
    /// scales into a buffer of the destination's size as stored. `test` makes the TEST_ONLY
    /// commit of a buffer of the given size on the rectangle, turned, and says what the driver
    /// answered. `.software` with the reason when the driver refuses both.
    public static func decideTurned(layout: PictureLayout, storedSource: PixelSize, turn: PictureRotation,
                                    test: (PixelSize, PixelRect, PictureRotation) -> PlaneTestResult) -> ScalerChoice {
        let destination = layout.destination
        guard !destination.isEmpty, storedSource.width > 0, storedSource.height > 0 else {
            return .software(reason: "nothing to show")
        }
        let fitted = turn.inverse.upright(destination.size)
        if storedSource != fitted, test(storedSource, destination, turn) == .accepted {
            return .plane(source: storedSource, destination: destination, rotation: turn)
        }
        let answer = test(fitted, destination, turn)
        if answer == .accepted { return .plane(source: fitted, destination: destination, rotation: turn) }
        return .software(reason: "the plane refused to turn \(fitted.width)x\(fitted.height) \(turn.rawValue) degrees onto "
            + "\(destination.width)x\(destination.height) at \(destination.x),\(destination.y) (\(answer))")
    }

    public var description: String {
        switch self {
        case .none: return "no scaling (the picture fits the screen as it is)"
        case .plane(let s, let d, .none): return "the plane's scaler (\(s.width)x\(s.height) onto \(d.width)x\(d.height))"
        case .plane(let s, let d, let r) where r.upright(s) != d.size:
            return "the plane's scaler (\(s.width)x\(s.height) as stored onto \(d.width)x\(d.height)), turned \(r.rawValue) degrees by the plane"
        case .plane(let s, _, let r): return "libswscale into \(s.width)x\(s.height) as stored, turned \(r.rawValue) degrees by the plane"
        case .software(let reason): return "software scaling with libswscale: \(reason)"
        }
    }
}
