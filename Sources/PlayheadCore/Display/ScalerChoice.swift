/// Who resizes the picture for the screen. A plane's own scaler costs nothing; libswscale costs
/// most of a small board's CPU at 720p. The plane is used only when the driver accepts the exact
/// rectangles in an atomic TEST_ONLY commit: drivers differ (no scaling at all, limits on the
/// factor, a primary plane that must cover the whole CRTC), and only the driver knows.
public enum ScalerChoice: Sendable, Hashable, CustomStringConvertible {
    /// The picture is already the size it is shown at: converted, not scaled.
    case none
    /// Drawn unscaled into a buffer of `source` size; the plane scales it onto `destination`.
    case plane(source: PixelSize, destination: PixelRect)
    /// Scaled by libswscale into a screen-sized buffer, because the plane refused.
    case software(reason: String)

    /// Decides for `layout` on `screen`. `test` makes the TEST_ONLY commit of a plane showing a
    /// buffer of the given size on the given rectangle and returns 0 or the driver's errno.
    public static func decide(layout: PictureLayout, test: (PixelSize, PixelRect) -> Int32) -> ScalerChoice {
        let source = PixelSize(width: layout.source.width, height: layout.source.height)
        let destination = layout.destination
        if source.width == destination.width && source.height == destination.height { return .none }
        guard !destination.isEmpty, source.width > 0, source.height > 0 else {
            return .software(reason: "nothing to show")
        }
        let errno = test(source, destination)
        if errno == 0 { return .plane(source: source, destination: destination) }
        return .software(reason: "the plane refused \(source.width)x\(source.height) onto \(destination.width)x\(destination.height) at \(destination.x),\(destination.y) (errno \(errno))")
    }

    public var description: String {
        switch self {
        case .none: return "no scaling (the picture fits the screen as it is)"
        case .plane(let s, let d): return "the plane's scaler (\(s.width)x\(s.height) onto \(d.width)x\(d.height))"
        case .software(let reason): return "software scaling with libswscale: \(reason)"
        }
    }
}
